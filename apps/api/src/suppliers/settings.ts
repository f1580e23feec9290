/**
 * Each flight supplier's settings in the API's configuration, under its id (`config.<id>`; undefined: the supplier
 * is off), as the payment providers' are (payments/provider-settings.ts, docs/suppliers.md "Adding a supplier").
 * Every supplier's own settings.ts adds its key to this interface, so config.ts types them without naming any;
 * config-check.ts reads them from the environment through the registry (./registry.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each supplier's settings.ts adds its key
export interface SupplierSettings {}
