/**
 * A tiny hand-made network for unit tests (same format as data/network.json). Real coordinates
 * and zones; cities: IST = IST + SAW, LON = LHR + LGW, MOW = SVO + DME, NYC = JFK.
 * SKD only connects to TAS, so SKD → NYC needs two transfers.
 */
import type { NetworkFile, NetworkRouteRow } from './network.ts';

const pairs: [string, string, string, string][] = [
  ['HY', 'TAS', 'IST', '763'],
  ['TK', 'TAS', 'IST', '321'],
  ['PC', 'TAS', 'SAW', '320'],
  ['HY', 'TAS', 'SKD', '320'],
  ['HY', 'TAS', 'SVO', '320'],
  ['S7', 'TAS', 'DME', '320'],
  ['EK', 'TAS', 'DXB', '77W'],
  ['TK', 'IST', 'LHR', '77W'],
  ['TK', 'IST', 'JFK', '77W'],
  ['PC', 'SAW', 'LGW', '320'],
  ['SU', 'SVO', 'LHR', '320'],
  ['SU', 'SVO', 'JFK', '77W'],
  ['EK', 'DXB', 'LHR', '388'],
  ['EK', 'DXB', 'JFK', '388'],
  ['BA', 'LHR', 'JFK', '744'],
  ['BA', 'LGW', 'JFK', '777'],
  ['BA', 'LHR', 'FRA', '320'],
  ['LH', 'FRA', 'JFK', '744'],
  ['LH', 'FRA', 'IST', '321'],
];

const routes: NetworkRouteRow[] = [];
for (const [al, a, b, eq] of pairs) routes.push([al, a, b, eq], [al, b, a, eq]);

export const FIXTURE_NETWORK: NetworkFile = {
  version: 1,
  source: 'test fixture',
  airports: [
    ['TAS', 'Tashkent International Airport', 'TAS', 'UZ', 41.2579, 69.2812, 'Asia/Tashkent'],
    ['SKD', 'Samarkand Airport', 'SKD', 'UZ', 39.7005, 66.9838, 'Asia/Samarkand'],
    ['IST', 'Istanbul Airport', 'IST', 'TR', 41.2753, 28.7519, 'Europe/Istanbul'],
    ['SAW', 'Sabiha Gökçen International Airport', 'IST', 'TR', 40.8986, 29.3092, 'Europe/Istanbul'],
    ['LHR', 'London Heathrow Airport', 'LON', 'GB', 51.4706, -0.4619, 'Europe/London'],
    ['LGW', 'London Gatwick Airport', 'LON', 'GB', 51.1481, -0.1903, 'Europe/London'],
    ['JFK', 'John F Kennedy International Airport', 'NYC', 'US', 40.6398, -73.7789, 'America/New_York'],
    ['DXB', 'Dubai International Airport', 'DXB', 'AE', 25.2528, 55.3644, 'Asia/Dubai'],
    ['SVO', 'Sheremetyevo International Airport', 'MOW', 'RU', 55.9726, 37.4146, 'Europe/Moscow'],
    ['DME', 'Domodedovo International Airport', 'MOW', 'RU', 55.4088, 37.9063, 'Europe/Moscow'],
    ['FRA', 'Frankfurt am Main Airport', 'FRA', 'DE', 50.0333, 8.5706, 'Europe/Berlin'],
  ],
  airlines: [
    ['BA', 'British Airways', 'GB'],
    ['EK', 'Emirates', 'AE'],
    ['HY', 'Uzbekistan Airways', 'UZ'],
    ['LH', 'Lufthansa', 'DE'],
    ['PC', 'Pegasus Airlines', 'TR'],
    ['S7', 'S7 Airlines', 'RU'],
    ['SU', 'Aeroflot Russian Airlines', 'RU'],
    ['TK', 'Turkish Airlines', 'TR'],
  ],
  routes,
  aircraft: [
    ['320', 'Airbus A320'],
    ['321', 'Airbus A321'],
    ['388', 'Airbus A380-800'],
    ['744', 'Boeing 747-400'],
    ['763', 'Boeing 767-300'],
    ['777', 'Boeing 777'],
    ['77W', 'Boeing 777-300ER'],
  ],
};
