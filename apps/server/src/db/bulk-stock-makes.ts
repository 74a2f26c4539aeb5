import { bikePhoto, type BikeKind } from "./bulk-stock-words.ts";

/**
 * The makes and models of bulk-generated stock (see bulk-stock.ts), and the suppliers that import
 * them. Fixed lists, so a seeded run always makes the same bikes. A few suppliers' names carry
 * accents, as real ones do, so searches that ignore accents have something to ignore.
 */

export interface ModelLine {
  model: string;
  kind: BikeKind;
}

export interface Make {
  name: string;
  /** The make's own photo when the web app ships one; otherwise the kind's photo is used. */
  photo?: string;
  /** Indexes into SUPPLIERS: the companies that import this make. */
  suppliers: readonly number[];
  models: readonly ModelLine[];
}

const line = (kind: BikeKind, ...models: string[]): ModelLine[] =>
  models.map((model) => ({ model, kind }));

/** Thirty import companies, as Home's statistics claim (docs/product.md, Home). */
export const SUPPLIERS: readonly string[] = [
  "Yamaha Motor Distribution Ltd.",
  "Pacific Coast Honda Distributors Inc.",
  "Green Line Moto Imports LLC",
  "Italia Moto Importers LLC",
  "Bavaria Motorrad Trading GmbH",
  "Great Plains V-Twin Wholesale Inc.",
  "Hinckley Moto Distribution Ltd.",
  "Alpine Ready-to-Race Supply GmbH",
  "Chennai Classic Motors Export Pvt. Ltd.",
  "Hamamatsu Moto Trading Co.",
  "Pune Two-Wheeler Exports Pvt. Ltd.",
  "Pontedera Scooter Imports S.p.A.",
  "Bengal Bay Motors Ltd.",
  "Chittagong Port Moto Logistics",
  "Dhaka Two-Wheel Traders",
  "Société Lyonnaise de Motos SARL",
  "Müller Zweirad Großhandel GmbH",
  "Motos Ibéricas Importación S.L.",
  "Nordic Moto Supply AB",
  "Osaka Cycle Export K.K.",
  "Hangzhou Power Sports Co., Ltd.",
  "Mandalay Road Machines Co.",
  "Sylhet Tea Country Motors",
  "Rajshahi Riders Wholesale",
  "Khulna Delta Moto Imports",
  "São Paulo Duas Rodas Ltda.",
  "Kraków Motocykle Sp. z o.o.",
  "Ankara Motosiklet Ticaret A.Ş.",
  "Coastal Volt Electric Mobility Inc.",
  "Midlands Classic Spares & Bikes Ltd.",
];

export const MAKES: readonly Make[] = [
  {
    name: "Yamaha",
    photo: bikePhoto("yamaha-yzf-r1"),
    suppliers: [0, 12, 19],
    models: [
      ...line("sport", "YZF-R1", "YZF-R7", "YZF-R3", "YZF-R125"),
      ...line("naked", "MT-09", "MT-07", "MT-03", "MT-10"),
      ...line("adventure", "Ténéré 700", "Tracer 9 GT"),
      ...line("scooter", "NMAX 155", "XMAX 300", "TMAX 560"),
      ...line("off-road", "YZ450F", "WR250F"),
      ...line("retro", "XSR900", "XSR700"),
    ],
  },
  {
    name: "Honda",
    photo: bikePhoto("honda-cbr650r"),
    suppliers: [1, 13, 19],
    models: [
      ...line("sport", "CBR1000RR-R Fireblade", "CBR650R", "CBR500R"),
      ...line("naked", "CB1000R", "CB650R", "Hornet 750"),
      ...line("adventure", "Africa Twin", "Transalp XL750", "NX500"),
      ...line("touring", "Gold Wing Tour", "NT1100"),
      ...line("scooter", "PCX160", "Forza 350", "ADV350"),
      ...line("commuter", "CB125F", "Shine 125", "Super Cub C125"),
      ...line("cruiser", "Rebel 1100", "Rebel 500"),
    ],
  },
  {
    name: "Kawasaki",
    photo: bikePhoto("kawasaki-ninja-zx-10r"),
    suppliers: [2, 14],
    models: [
      ...line("sport", "Ninja ZX-10R", "Ninja ZX-6R", "Ninja 650", "Ninja 500"),
      ...line("naked", "Z900", "Z650", "Z H2"),
      ...line("adventure", "Versys 650", "KLR650"),
      ...line("off-road", "KX450", "KLX300"),
      ...line("retro", "Z900RS", "W800"),
      ...line("cruiser", "Vulcan S", "Eliminator 500"),
    ],
  },
  {
    name: "Suzuki",
    photo: bikePhoto("suzuki-hayabusa"),
    suppliers: [9, 12],
    models: [
      ...line("sport", "Hayabusa", "GSX-R1000R", "GSX-8R"),
      ...line("naked", "GSX-S1000", "GSX-8S", "SV650"),
      ...line("adventure", "V-Strom 1050DE", "V-Strom 800DE"),
      ...line("scooter", "Burgman 400", "Access 125"),
      ...line("commuter", "Gixxer 155"),
    ],
  },
  {
    name: "Ducati",
    photo: bikePhoto("ducati-panigale-v4"),
    suppliers: [3, 15],
    models: [
      ...line("sport", "Panigale V4", "Panigale V2", "SuperSport 950"),
      ...line("naked", "Streetfighter V4", "Monster", "Monster SP"),
      ...line("adventure", "Multistrada V4", "DesertX"),
      ...line("retro", "Scrambler Icon", "Scrambler Full Throttle"),
      ...line("cruiser", "Diavel V4", "XDiavel"),
    ],
  },
  {
    name: "BMW",
    photo: bikePhoto("bmw-r-1250-gs"),
    suppliers: [4, 16],
    models: [
      ...line("adventure", "R 1250 GS", "R 1300 GS", "F 900 GS", "G 310 GS"),
      ...line("sport", "S 1000 RR", "M 1000 RR"),
      ...line("naked", "S 1000 R", "F 900 R"),
      ...line("touring", "K 1600 GTL", "R 1250 RT"),
      ...line("retro", "R nineT", "R 12"),
      ...line("electric", "CE 04"),
    ],
  },
  {
    name: "Harley-Davidson",
    photo: bikePhoto("harley-davidson-fat-boy-114"),
    suppliers: [5],
    models: [
      ...line("cruiser", "Fat Boy 114", "Street Bob", "Low Rider S", "Breakout", "Nightster"),
      ...line("touring", "Road Glide", "Street Glide", "Road King"),
      ...line("adventure", "Pan America 1250"),
      ...line("electric", "LiveWire One"),
    ],
  },
  {
    name: "Triumph",
    photo: bikePhoto("triumph-street-triple-rs"),
    suppliers: [6, 29],
    models: [
      ...line("naked", "Street Triple RS", "Speed Triple 1200 RS", "Trident 660"),
      ...line("adventure", "Tiger 900 Rally", "Tiger 1200 GT"),
      ...line("retro", "Bonneville T120", "Speed Twin 1200", "Thruxton RS", "Scrambler 400 X"),
      ...line("cruiser", "Rocket 3 R"),
    ],
  },
  {
    name: "KTM",
    photo: bikePhoto("ktm-390-duke"),
    suppliers: [7, 16, 26],
    models: [
      ...line("naked", "390 Duke", "890 Duke R", "1390 Super Duke R", "125 Duke"),
      ...line("adventure", "890 Adventure R", "1290 Super Adventure S", "390 Adventure"),
      ...line("off-road", "450 SX-F", "300 EXC", "250 SX"),
      ...line("sport", "RC 390"),
    ],
  },
  {
    name: "Royal Enfield",
    photo: bikePhoto("royal-enfield-classic-350"),
    suppliers: [8, 22, 29],
    models: [
      ...line("retro", "Classic 350", "Bullet 350", "Interceptor 650", "Continental GT 650"),
      ...line("adventure", "Himalayan 450", "Scram 411"),
      ...line("cruiser", "Meteor 350", "Super Meteor 650"),
      ...line("commuter", "Hunter 350"),
    ],
  },
  {
    name: "Bajaj",
    photo: bikePhoto("bajaj-pulsar-ns200"),
    suppliers: [10, 14, 23],
    models: [
      ...line("commuter", "Pulsar NS200", "Pulsar N160", "Platina 110", "CT 125X"),
      ...line("sport", "Pulsar RS200"),
      ...line("cruiser", "Avenger Street 160"),
      ...line("electric", "Chetak Premium"),
    ],
  },
  {
    name: "Vespa",
    photo: bikePhoto("vespa-gts-300"),
    suppliers: [11, 17],
    models: [
      ...line("scooter", "GTS 300", "Primavera 150", "Sprint 125", "GTS Super Sport 310"),
      ...line("electric", "Elettrica"),
    ],
  },
  {
    name: "Aprilia",
    suppliers: [3, 17],
    models: [
      ...line("sport", "RSV4 Factory", "RS 660", "RS 457"),
      ...line("naked", "Tuono V4", "Tuono 660"),
      ...line("adventure", "Tuareg 660"),
      ...line("scooter", "SR GT 200"),
    ],
  },
  {
    name: "Moto Guzzi",
    suppliers: [3, 15],
    models: [
      ...line("retro", "V7 Stone", "V7 Special"),
      ...line("adventure", "Stelvio", "V85 TT"),
      ...line("touring", "V100 Mandello"),
    ],
  },
  {
    name: "Husqvarna",
    suppliers: [7, 18],
    models: [
      ...line("off-road", "FE 350", "TE 300", "FC 450"),
      ...line("naked", "Svartpilen 401", "Vitpilen 701"),
      ...line("adventure", "Norden 901"),
    ],
  },
  {
    name: "TVS",
    suppliers: [10, 21, 24],
    models: [
      ...line("commuter", "Apache RTR 160", "Raider 125", "Star City Plus", "Radeon"),
      ...line("sport", "Apache RR 310"),
      ...line("scooter", "Jupiter 125", "Ntorq 125"),
      ...line("electric", "iQube"),
    ],
  },
  {
    name: "Hero",
    suppliers: [10, 23, 24],
    models: [
      ...line("commuter", "Splendor Plus", "HF Deluxe", "Glamour", "Passion Pro"),
      ...line("adventure", "XPulse 200 4V"),
      ...line("scooter", "Destini 125"),
    ],
  },
  {
    name: "CFMoto",
    suppliers: [20, 27],
    models: [
      ...line("naked", "800NK", "300NK"),
      ...line("sport", "450SR", "675SR"),
      ...line("adventure", "800MT Explore", "450MT"),
      ...line("cruiser", "450CL-C"),
    ],
  },
  {
    name: "Benelli",
    suppliers: [20, 25],
    models: [
      ...line("adventure", "TRK 502X", "TRK 702"),
      ...line("retro", "Leoncino 500", "Imperiale 400"),
      ...line("naked", "TNT 135"),
    ],
  },
  {
    name: "Zero",
    suppliers: [28],
    models: [...line("electric", "SR/F", "SR/S", "FX", "DSR/X", "S")],
  },
];
