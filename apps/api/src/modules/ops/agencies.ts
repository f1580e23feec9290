import type { Database } from '@parvoz/db';
import type { AgencyApplicationInput } from '@parvoz/contracts/agencies';
import { queueOperatorEmail, type OperatorContact } from '../mail/index.ts';
import { insertAgencyApplication } from './store.ts';

/** Stores an agency's application and queues the operator's email in the same transaction. */
export async function createAgencyApplication(
  ctx: { db: Database; now: Date; operator: OperatorContact },
  input: AgencyApplicationInput,
): Promise<{ id: string }> {
  // The form as stored and as the operator reads it.
  const application = {
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
  };
  const { id } = await insertAgencyApplication(ctx.db, {
    ...application,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await queueOperatorEmail(
    ctx.db,
    ctx.operator,
    { kind: 'agency-application', reference: id, ...application },
    ctx.now,
  );
  return { id };
}
