import type { ComponentProps } from 'react';
import { Form, useNavigation } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { Traveller } from '@parvoz/contracts/travellers';
import { Button } from '../../components/Button.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { SelectField, TextField } from '../../components/FieldInputs.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';

const loadTravellerSchema = () => import('@parvoz/contracts/travellers').then((m) => m.travellerInputSchema);

/** Saved travellers for faster booking: list, add, edit, delete (forms work without JavaScript). */
export function SavedTravellers({
  travellers,
  failedId,
  failed,
}: {
  travellers: Traveller[];
  /** The traveller whose form the action refused ('new' for the add form). */
  failedId: string | undefined;
  /** The refused form's reply (typed values and errors by field). */
  failed: SubmissionResult | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <HeadedSection
      headingId="travellers-heading"
      heading={t('travellers.heading')}
      headingClassName="text-xl font-semibold"
      className="mt-10 grid max-w-lg gap-4"
    >
      <p className="text-neutral-700">{t('travellers.lead')}</p>
      {travellers.length === 0 ? <p>{t('travellers.empty')}</p> : null}
      <ul className="grid gap-3">
        {travellers.map((traveller) => {
          const name = `${traveller.given_name} ${traveller.family_name}`;
          return (
            <li key={traveller.id} className="rounded border border-neutral-300 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-semibold">{name}</p>
                  <p className="text-sm text-neutral-700">
                    {traveller.born_on} · {traveller.citizenship} · {traveller.document_number}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="traveller-delete" />
                  <input type="hidden" name="id" value={traveller.id} />
                  <Button type="submit" variant="outline" color="neutral" size="xs" disabled={busy}>
                    {t('travellers.delete', { name })}
                  </Button>
                </Form>
              </div>
              <Disclosure
                className="mt-2"
                panelId={`traveller-${traveller.id}-panel`}
                defaultOpen={failedId === traveller.id}
                toggleClassName="text-left text-sm font-semibold text-primary-800"
                summary={t('travellers.edit', { name })}
              >
                <TravellerForm
                  traveller={traveller}
                  failed={failedId === traveller.id ? failed : undefined}
                  busy={busy}
                />
              </Disclosure>
            </li>
          );
        })}
      </ul>
      <Disclosure
        className="rounded border border-neutral-300 p-3"
        panelId="traveller-new-panel"
        defaultOpen={failedId === 'new'}
        toggleClassName="text-left font-semibold text-primary-800"
        summary={t('travellers.add')}
      >
        <TravellerForm traveller={undefined} failed={failedId === 'new' ? failed : undefined} busy={busy} />
      </Disclosure>
    </HeadedSection>
  );
}

/** One traveller's form (Conform with the contract's schema, the one the action parses with). */
function TravellerForm({
  traveller,
  failed,
  busy,
}: {
  traveller: Traveller | undefined;
  failed: SubmissionResult | undefined;
  busy: boolean;
}) {
  const t = useT();
  const [form, fields] = useContractForm(`traveller-${traveller?.id ?? 'new'}`, loadTravellerSchema, failed, {
    defaultValue: { ...traveller, gender: traveller?.gender ?? 'male' },
  });
  const invalid = Object.keys(form.allErrors).length > 0;
  const text = (
    name:
      'given_name' | 'family_name' | 'born_on' | 'citizenship' | 'document_number' | 'document_expires_on',
    label: MessageKey,
    error: MessageKey,
    input: ComponentProps<typeof TextField>['input'],
  ) => <TextField meta={fields[name]} label={t(label)} error={t(error)} input={input} />;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3" key={traveller?.id ?? 'new'}>
      <input type="hidden" name="intent" value="traveller-save" />
      {traveller ? <input type="hidden" name="id" value={traveller.id} /> : null}
      {invalid ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          {t('travellers.error.invalid')}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {text('given_name', 'travellers.givenName', 'travellers.error.name', {
          required: true,
          maxLength: 60,
        })}
        {text('family_name', 'travellers.familyName', 'travellers.error.name', {
          required: true,
          maxLength: 60,
        })}
        {text('born_on', 'travellers.bornOn', 'travellers.error.bornOn', { type: 'date', required: true })}
        <SelectField meta={fields.gender} label={t('travellers.gender')}>
          <option value="male">{t('travellers.gender.male')}</option>
          <option value="female">{t('travellers.gender.female')}</option>
        </SelectField>
        {text('citizenship', 'travellers.citizenship', 'travellers.error.citizenship', {
          required: true,
          maxLength: 2,
          autoCapitalize: 'characters',
        })}
        {text('document_number', 'travellers.documentNumber', 'travellers.error.document', {
          required: true,
          maxLength: 20,
          autoCapitalize: 'characters',
        })}
        {text('document_expires_on', 'travellers.documentExpiresOn', 'travellers.error.expires', {
          type: 'date',
        })}
      </div>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          {t('travellers.save')}
        </Button>
      </div>
    </Form>
  );
}
