import { schema, type Database } from '@parvoz/db';
import type { AgencyApplicationInput } from '@parvoz/contracts/agencies';
import { enqueueEmail } from './mail.ts';
import { renderOperatorEmail } from './operator-mail.ts';
import type { OperatorContact } from './tours.ts';

/** Stores an agency's application and queues the operator's email in the same transaction. */
export async function createAgencyApplication(
  ctx: { db: Database; now: Date; operator: OperatorContact },
  input: AgencyApplicationInput,
): Promise<{ id: string }> {
  const [created] = await ctx.db
    .insert(schema.agencyApplications)
    .values({
      companyName: input.company_name,
      contactName: input.contact_name,
      email: input.email,
      phone: input.phone,
      city: input.city,
      countryCode: input.country_code,
      website: input.website,
      taxId: input.tax_id,
      message: input.message,
      lang: input.lang,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: schema.agencyApplications.id });
  const id = created!.id;
  await enqueueEmail(ctx.db, {
    to: ctx.operator.email,
    kind: 'agency-application',
    now: ctx.now,
    dedupeKey: `agency-application:${id}`,
    payload: await renderOperatorEmail(ctx.operator.lang, {
      kind: 'agency-application',
      reference: id,
      companyName: input.company_name,
      taxId: input.tax_id,
      countryCode: input.country_code,
      city: input.city,
      contactName: input.contact_name,
      email: input.email,
      phone: input.phone,
      website: input.website,
      message: input.message,
      lang: input.lang,
    }),
  });
  return { id };
}
