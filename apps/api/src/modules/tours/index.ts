/**
 * Last-minute tours: what the rest of the API may use of this module (docs/architecture.md). Its tables are
 * touched only by store.ts; the app registers the public routes and the console's from routes.ts, and tests
 * set up and read requests through testing/. Nothing else of the API needs tours yet, except the slugs on sale
 * (kept for a sitemap, which the web builds from /v1/tours today).
 */
export { tourSlugsOnSale } from './store.ts';
// How the console's audit log names a tour and a tour request (routes/v1/ops hands it to modules/ops).
export { tourAuditSubjects } from './audit-subjects.ts';
