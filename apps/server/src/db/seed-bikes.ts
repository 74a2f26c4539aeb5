/** The demo stock an empty database starts with (see SEED in the README). Photos ship with the web app. */
export interface SeedBike {
  name: string;
  supplierName: string;
  /** Price in US dollars with two decimals, as text so no float rounding creeps in. */
  price: string;
  quantity: number;
  des: string;
  photo: string;
}

export const seedBikes: readonly SeedBike[] = [
  {
    name: "Yamaha YZF-R1",
    supplierName: "Yamaha Motor Distribution Ltd.",
    price: "18999.00",
    quantity: 12,
    des: "A crossplane inline-four superbike that carries MotoGP know-how to the road, with a full electronics suite and a screaming top end for track days.",
    photo: "/images/bikes/yamaha-yzf-r1.svg",
  },
  {
    name: "Honda CBR650R",
    supplierName: "Pacific Coast Honda Distributors Inc.",
    price: "9899.00",
    quantity: 24,
    des: "A smooth 649 cc four-cylinder in a sporty half fairing. Comfortable enough for daily commuting yet eager on a twisty back road.",
    photo: "/images/bikes/honda-cbr650r.svg",
  },
  {
    name: "Kawasaki Ninja ZX-10R",
    supplierName: "Green Line Moto Imports LLC",
    price: "17899.00",
    quantity: 9,
    des: "Kawasaki's World Superbike-bred litre bike in signature lime green, with aerodynamic winglets, cornering ABS and a quickshifter as standard.",
    photo: "/images/bikes/kawasaki-ninja-zx-10r.svg",
  },
  {
    name: "Ducati Panigale V4",
    supplierName: "Italia Moto Importers LLC",
    price: "24995.00",
    quantity: 3,
    des: "A 1,103 cc Desmosedici Stradale V4 wrapped in sculpted red bodywork. Ducati's flagship superbike for riders who want racing hardware on the street.",
    photo: "/images/bikes/ducati-panigale-v4.svg",
  },
  {
    name: "BMW R 1250 GS",
    supplierName: "Bavaria Motorrad Trading GmbH",
    price: "18095.00",
    quantity: 14,
    des: "The benchmark adventure tourer: a torquey ShiftCam boxer twin, shaft drive and long-travel suspension that is equally at home on gravel or the motorway.",
    photo: "/images/bikes/bmw-r-1250-gs.svg",
  },
  {
    name: "Harley-Davidson Fat Boy 114",
    supplierName: "Great Plains V-Twin Wholesale Inc.",
    price: "21999.00",
    quantity: 5,
    des: "A low, wide Softail cruiser with solid disc wheels, fat tyres and the Milwaukee-Eight 114 V-twin rumbling under a chrome-trimmed tank.",
    photo: "/images/bikes/harley-davidson-fat-boy-114.svg",
  },
  {
    name: "Triumph Street Triple RS",
    supplierName: "Hinckley Moto Distribution Ltd.",
    price: "13495.00",
    quantity: 11,
    des: "A 765 cc triple in a light, aggressive naked chassis with Öhlins suspension and Brembo Stylema brakes. Sharp handling with a soundtrack to match.",
    photo: "/images/bikes/triumph-street-triple-rs.svg",
  },
  {
    name: "KTM 390 Duke",
    supplierName: "Alpine Ready-to-Race Supply GmbH",
    price: "5899.00",
    quantity: 32,
    des: "A light, punchy single-cylinder naked bike with an orange trellis frame. A great first bike that still feels lively to experienced riders.",
    photo: "/images/bikes/ktm-390-duke.svg",
  },
  {
    name: "Royal Enfield Classic 350",
    supplierName: "Chennai Classic Motors Export Pvt. Ltd.",
    price: "4499.00",
    quantity: 27,
    des: "Post-war styling with deep fenders, a teardrop tank and spoked wheels, powered by a relaxed 349 cc single that loves unhurried country lanes.",
    photo: "/images/bikes/royal-enfield-classic-350.svg",
  },
  {
    name: "Suzuki Hayabusa",
    supplierName: "Hamamatsu Moto Trading Co.",
    price: "19299.00",
    quantity: 7,
    des: "The legendary hyper-sport with a wind-cheating nose and a 1,340 cc inline-four. Blistering speed paired with surprising long-distance comfort.",
    photo: "/images/bikes/suzuki-hayabusa.svg",
  },
  {
    name: "Bajaj Pulsar NS200",
    supplierName: "Pune Two-Wheeler Exports Pvt. Ltd.",
    price: "2149.00",
    quantity: 40,
    des: "An affordable, fuel-efficient 200 cc streetfighter with a perimeter frame and underbelly exhaust. Popular with commuters and new riders alike.",
    photo: "/images/bikes/bajaj-pulsar-ns200.svg",
  },
  {
    name: "Vespa GTS 300",
    supplierName: "Pontedera Scooter Imports S.p.A.",
    price: "7699.00",
    quantity: 18,
    des: "Italy's iconic steel-bodied scooter with a 278 cc engine, storage under the seat and timeless curves. Made for stylish city riding.",
    photo: "/images/bikes/vespa-gts-300.svg",
  },
];
