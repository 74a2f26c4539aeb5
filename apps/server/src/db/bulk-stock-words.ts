/**
 * The words bulk-generated stock is described with (see bulk-stock.ts): kinds of bike and what
 * they are for, colours, editions, features and conditions. Fixed lists, so a seeded run always
 * makes the same bikes. The makes and suppliers are in bulk-stock-makes.ts.
 */

export type BikeKind =
  | "sport"
  | "naked"
  | "adventure"
  | "cruiser"
  | "touring"
  | "scooter"
  | "commuter"
  | "off-road"
  | "retro"
  | "electric";

interface KindTraits {
  /** A photo the web app ships (apps/web/public/images/bikes), so every card shows one. */
  photo: string;
  /** Whole US dollars: the cheapest and dearest new bike of the kind. */
  priceRange: [number, number];
  /** What the kind is called in a description. */
  nouns: readonly string[];
  /** What it is good at, finishing the description's first sentence. */
  uses: readonly string[];
}

export const bikePhoto = (file: string) => `/images/bikes/${file}.svg`;

export const KINDS: Record<BikeKind, KindTraits> = {
  sport: {
    photo: bikePhoto("yamaha-yzf-r1"),
    priceRange: [6_000, 32_000],
    nouns: ["superbike", "supersport", "sportbike", "track weapon"],
    uses: ["for track days", "for fast sweeping roads", "for riders who chase lap times"],
  },
  naked: {
    photo: bikePhoto("triumph-street-triple-rs"),
    priceRange: [4_500, 19_000],
    nouns: ["naked roadster", "streetfighter", "hyper naked", "middleweight naked"],
    uses: ["for the daily ride and the weekend", "for tight city streets", "for twisty back roads"],
  },
  adventure: {
    photo: bikePhoto("bmw-r-1250-gs"),
    priceRange: [7_000, 28_000],
    nouns: ["adventure tourer", "dual-sport", "travel enduro", "rally-bred adventure bike"],
    uses: ["for gravel and motorway alike", "for crossing continents", "for rough forest tracks"],
  },
  cruiser: {
    photo: bikePhoto("harley-davidson-fat-boy-114"),
    priceRange: [5_500, 30_000],
    nouns: ["cruiser", "bobber", "power cruiser", "custom V-twin"],
    uses: ["for long relaxed rides", "for the boulevard", "for riders who like a low seat"],
  },
  touring: {
    photo: bikePhoto("bmw-r-1250-gs"),
    priceRange: [12_000, 38_000],
    nouns: ["grand tourer", "sport tourer", "luxury tourer", "bagger"],
    uses: ["for two-up holidays", "for a thousand miles a day", "for all-weather commuting"],
  },
  scooter: {
    photo: bikePhoto("vespa-gts-300"),
    priceRange: [1_800, 9_500],
    nouns: ["scooter", "maxi-scooter", "urban scooter", "classic scooter"],
    uses: ["for the school run", "for weaving through traffic", "for short city hops"],
  },
  commuter: {
    photo: bikePhoto("bajaj-pulsar-ns200"),
    priceRange: [1_200, 4_500],
    nouns: ["commuter", "street bike", "learner-friendly single", "city bike"],
    uses: ["for cheap daily miles", "for new riders", "for delivery fleets"],
  },
  "off-road": {
    photo: bikePhoto("ktm-390-duke"),
    priceRange: [3_500, 13_000],
    nouns: ["enduro", "motocrosser", "trail bike", "trials bike"],
    uses: ["for the motocross track", "for muddy trails", "for hard enduro weekends"],
  },
  retro: {
    photo: bikePhoto("royal-enfield-classic-350"),
    priceRange: [4_000, 16_000],
    nouns: ["modern classic", "café racer", "scrambler", "retro roadster"],
    uses: ["for Sunday rides to the café", "for riders who love chrome", "for easy town riding"],
  },
  electric: {
    photo: bikePhoto("vespa-gts-300"),
    priceRange: [3_000, 24_000],
    nouns: ["electric motorcycle", "e-scooter", "battery-powered streetbike"],
    uses: ["for silent commuting", "for zero-emission city zones", "for instant torque"],
  },
};

/** Colours a model is sold in; part of a bike's name, as dealers list them. */
export const COLOURS: readonly string[] = [
  "Racing Red",
  "Matte Black",
  "Pearl White",
  "Midnight Blue",
  "Lime Green",
  "Storm Grey",
  "Desert Sand",
  "Burnt Orange",
  "Silver Frost",
  "Gunmetal",
  "Candy Purple",
  "Icon Yellow",
];

/** Editions a model may come in; most bikes have none. */
export const EDITIONS: readonly string[] = [
  "ABS",
  "Special Edition",
  "Limited Edition",
  "Café Edition",
  "Low Seat",
  "Tour Pack",
  "Launch Edition",
  "Demonstrator",
];

/** Sentences after the first, each about one more thing the bike has or is. */
export const FEATURES: readonly string[] = [
  "Cornering ABS and traction control come as standard.",
  "A quickshifter makes clutchless up- and downshifts.",
  "Fully adjustable suspension at both ends.",
  "LED lighting all round and a colour TFT dashboard.",
  "Heated grips and cruise control for cold mornings.",
  "Keyless ignition and a USB-C socket under the seat.",
  "Tubeless spoked wheels take a puncture in their stride.",
  "A slipper clutch keeps the rear calm on hard downshifts.",
  "Riding modes from rain to track at the touch of a button.",
  "Smartphone connectivity shows calls and navigation on the dash.",
  "A low seat height suits shorter riders.",
  "Panniers and a top box fit to the standard rails.",
  "Brembo brakes with radial calipers haul it up hard.",
  "Belt final drive needs almost no maintenance.",
  "Its light, narrow chassis filters through traffic easily.",
  "Service intervals of 10,000 km keep running costs down.",
  "The fuel tank holds enough for 400 km between stops.",
  "Öhlins dampers come from the factory racing programme.",
];

/** A closing note on this particular unit; most bikes have none. */
export const CONDITIONS: readonly string[] = [
  "Ex-showroom display unit with a few kilometres on the clock.",
  "Shipped crated; assembly and pre-delivery inspection included.",
  "Last year's colour at this year's price.",
  "Dealer-fitted crash bungs and tail tidy.",
  "Comes with a two-year manufacturer warranty.",
  "Customs cleared and ready to register.",
];
