/**
 * server.ts's first import. React chooses its development or production build from NODE_ENV the first time
 * it is imported, and the API imports React before server.ts's own code runs (its e-mail templates are React
 * components, ADR 0019), so NODE_ENV must say production before any of that loads. Without this, `npm start`
 * (NODE_ENV unset) ran the e-mails' development React beside the production renderer of the pages, and the
 * first page crashed the process ("dispatcher.getOwner is not a function").
 *
 * The configuration's production checks still follow what the operator set (unset is a local site, README):
 * that value is kept in PARVOZ_OPERATOR_NODE_ENV, which forked workers inherit.
 */
process.env.PARVOZ_OPERATOR_NODE_ENV ??= process.env.NODE_ENV ?? 'unset';
process.env.NODE_ENV ??= 'production';
