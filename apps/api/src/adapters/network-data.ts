import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NetworkData, PlaceNamesData } from '@parvoz/core/places';

const DATA_DIR = path.resolve(import.meta.dirname, '../../../../data');

let cached: { network: NetworkData; names: PlaceNamesData } | undefined;

/** The committed flight network (derived from OpenFlights, ODbL) and place names; read once per process. */
export function loadNetworkData(): { network: NetworkData; names: PlaceNamesData } {
  cached ??= {
    network: JSON.parse(readFileSync(path.join(DATA_DIR, 'network.json'), 'utf8')) as NetworkData,
    names: JSON.parse(readFileSync(path.join(DATA_DIR, 'place-names.json'), 'utf8')) as PlaceNamesData,
  };
  return cached;
}
