/**
 * How the console's audit log names the tours' subjects (modules/ops/audit-log.ts, which the routes hand these
 * readers to: the tours sit above the console's module): a tour by its title in every language, a request by who
 * asked and the title of the tour asked about.
 */
import type { AuditSubject, AuditSubjects } from '../ops/index.ts';
import { uuidsOf } from '../ops/index.ts';
import { localizedOf } from './ops.ts';
import { tourRequestNamesOf, tourTitlesOf } from './store.ts';

export const tourAuditSubjects: AuditSubjects = {
  tour: async (db, ids) =>
    new Map<string, AuditSubject>(
      (await tourTitlesOf(db, uuidsOf(ids))).map((t) => [
        t.id,
        { target_label: null, target_title: localizedOf(t.title) },
      ]),
    ),
  tour_request: async (db, ids) =>
    new Map<string, AuditSubject>(
      (await tourRequestNamesOf(db, uuidsOf(ids))).map((r) => [
        r.id,
        { target_label: r.fullName, target_title: r.title ? localizedOf(r.title) : null },
      ]),
    ),
};
