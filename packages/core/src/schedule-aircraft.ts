/**
 * Aircraft classes by IATA aircraft code: cruise speed for block times and seats per cabin.
 * Unknown or missing codes behave like an A320 (narrow-body).
 */

export type AircraftClass = 'wide' | 'narrow' | 'regional' | 'turboprop';

export interface AircraftClassInfo {
  /** Effective cruise speed (km/h) for block-time estimates. */
  readonly speedKmh: number;
  readonly economy: number;
  readonly business: number;
}

export const AIRCRAFT_CLASSES: Readonly<Record<AircraftClass, AircraftClassInfo>> = {
  wide: { speedKmh: 860, economy: 260, business: 30 },
  narrow: { speedKmh: 800, economy: 156, business: 12 },
  regional: { speedKmh: 740, economy: 76, business: 8 },
  turboprop: { speedKmh: 500, economy: 64, business: 4 },
};

/** Fastest class speed: used for lower bounds on flying time. */
export const MAX_SPEED_KMH = 860;

/** Code used when a route has no equipment. */
export const DEFAULT_AIRCRAFT = '320';

const WIDE = new Set(
  (
    '310 313 330 332 333 338 339 33X 340 342 343 345 346 350 351 359 380 388 ' +
    '703 741 742 743 744 747 748 74B 74E 74H 74J 74L 74M 74N 74R 74Y ' +
    '762 763 764 767 76F 76W 772 773 777 778 779 77L 77W 77X 787 788 789 78J ' +
    'AB3 AB4 AB6 ABB D10 D1C M11 M1F L10 IL9 I93 ILW IL6 IL7 A4F A25 SHB'
  ).split(' '),
);
const REGIONAL = new Set(
  (
    '100 141 142 143 146 290 295 717 AR1 AR7 AR8 ARJ CRJ CR1 CR2 CR7 CR9 CRK CRA CS1 CS3 ' +
    'E70 E75 E7W E90 E95 EMJ ER3 ER4 ERD ERJ F21 F28 F70 FRJ SU9 YK2 YK4 A58 A81 AN7 ' +
    'DC9 D91 D92 D93 D94 D95 TU3 B11 CCJ CCX CNJ D20 DF3 DF7 DF9 EP1 EP3 GJ4 GJ5 GJ6 GR3 H25 LRJ NDC'
  ).split(' '),
);
const TURBOPROP = new Set(
  (
    'AT4 AT5 AT7 ATR ATP DH1 DH2 DH3 DH4 DH7 DH8 DHT DHC DHL DHP DHR DHD DHH SF3 S20 SH3 SH6 SHS ' +
    'J31 J32 J41 BEH BE1 BE9 BEC BNI BNT CNA CNC CN1 CN2 CNT D28 D38 DO8 EM2 EMB F27 F50 L4T ' +
    'A26 A28 A30 A32 A40 AN4 ANF HS7 I14 YN2 YN7 YS1 ND2 NDE PL2 PL6 PN6 PA1 PA2 PAG SWM MA6 ' +
    'LOE LOH GRS ACP ACT BH2 S58 S61 S76 S92 CL4 D3F D6F L49 CRV'
  ).split(' '),
);

export function aircraftClass(code: string): AircraftClass {
  if (WIDE.has(code)) return 'wide';
  if (TURBOPROP.has(code)) return 'turboprop';
  if (REGIONAL.has(code)) return 'regional';
  return 'narrow';
}

/**
 * Names of the IATA aircraft codes OpenFlights' routes use but its aircraft list (planes.dat) lacks: generic and
 * variant codes. scripts/build-network.ts writes them into data/network.json (planes.dat wins where it has the
 * code); a network file without them falls back to them here.
 */
export const EXTRA_AIRCRAFT_NAMES: Readonly<Record<string, string>> = {
  '313': 'Airbus A310-300',
  '32A': 'Airbus A320 (sharklets)',
  '32B': 'Airbus A321 (sharklets)',
  '32C': 'Airbus A319 (sharklets)',
  '32S': 'Airbus A318/A319/A320/A321',
  '33X': 'Airbus A330-200F',
  '73C': 'Boeing 737-300 (winglets)',
  '73H': 'Boeing 737-800 (winglets)',
  '73J': 'Boeing 737-900 (winglets)',
  '73M': 'Boeing 737-200 Combi',
  '73N': 'Boeing 737-300 Combi',
  '73Q': 'Boeing 737-400 Combi',
  '73R': 'Boeing 737-700C',
  '73W': 'Boeing 737-700 (winglets)',
  '74E': 'Boeing 747-400 Combi',
  '74H': 'Boeing 747-8I',
  '74M': 'Boeing 747 Combi',
  '74N': 'Boeing 747-8F',
  '74Y': 'Boeing 747-400F',
  '75T': 'Boeing 757-300 (winglets)',
  '75W': 'Boeing 757-200 (winglets)',
  '76F': 'Boeing 767 Freighter',
  '76W': 'Boeing 767-300 (winglets)',
  '77X': 'Boeing 777-200F',
  AB4: 'Airbus A300B2/B4/C4',
  ARJ: 'Avro RJ70/RJ85/RJ100',
  BE1: 'Beechcraft 1900',
  BE9: 'Beechcraft C99 Airliner',
  BEC: 'Beechcraft (light aircraft)',
  CN2: 'Cessna (light aircraft, twin piston)',
  CNA: 'Cessna (light aircraft)',
  CNC: 'Cessna (light aircraft, single turboprop)',
  CNT: 'Cessna (light aircraft, twin turboprop)',
  CRA: 'Canadair Regional Jet 705',
  CRJ: 'Canadair Regional Jet',
  D1C: 'McDonnell Douglas DC-10-30/40',
  DC9: 'Douglas DC-9',
  DH8: 'De Havilland Canada DHC-8 Dash 8',
  EMJ: 'Embraer 170/175/190/195',
  ERJ: 'Embraer RJ135/RJ140/RJ145',
  F28: 'Fokker F28 Fellowship',
  IL9: 'Ilyushin Il-96',
  L4T: 'Let L-410 Turbolet',
  M1F: 'McDonnell Douglas MD-11F',
  M80: 'McDonnell Douglas MD-80',
  MA6: 'Xian MA600',
  NDE: 'Eurocopter AS350/AS355 Ecureuil',
  PA1: 'Piper (light aircraft, single engine)',
  SFB: 'Saab 340B',
  SWM: 'Fairchild Swearingen Metro/Merlin',
  YN7: 'Xian Y7',
};
