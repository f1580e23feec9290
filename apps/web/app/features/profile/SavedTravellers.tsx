import { Form, useNavigation } from 'react-router';
import type { Traveller } from '@parvoz/contracts/travellers';
import { Button } from '../../components/Button.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { useT } from '../../lib/i18n.tsx';

const inputClass = 'w-full rounded border border-neutral-400 bg-white px-3 py-2';

/** Saved travellers for faster booking: list, add, edit, delete (forms work without JavaScript). */
export function SavedTravellers({
  travellers,
  failedId,
}: {
  travellers: Traveller[];
  failedId: string | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <section aria-labelledby="travellers-heading" className="mt-10 grid max-w-lg gap-4">
      <h2 id="travellers-heading" className="text-xl font-semibold">
        {t('travellers.heading')}
      </h2>
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
                <TravellerForm traveller={traveller} failed={failedId === traveller.id} busy={busy} />
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
        <TravellerForm traveller={undefined} failed={failedId === 'new'} busy={busy} />
      </Disclosure>
    </section>
  );
}

function TravellerForm({
  traveller,
  failed,
  busy,
}: {
  traveller: Traveller | undefined;
  failed: boolean;
  busy: boolean;
}) {
  const t = useT();
  const prefix = `traveller-${traveller?.id ?? 'new'}`;
  const errorId = `${prefix}-error`;
  const field = (name: string) => `${prefix}-${name}`;
  const invalid = failed ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <Form method="post" className="mt-3 grid gap-3" key={traveller?.id ?? 'new'}>
      <input type="hidden" name="intent" value="traveller-save" />
      {traveller ? <input type="hidden" name="id" value={traveller.id} /> : null}
      {failed ? (
        <p id={errorId} role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          {t('travellers.error.invalid')}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={field('given')}>{t('travellers.givenName')}</label>
          <input
            id={field('given')}
            name="given_name"
            required
            maxLength={60}
            defaultValue={traveller?.given_name}
            className={inputClass}
            {...invalid}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={field('family')}>{t('travellers.familyName')}</label>
          <input
            id={field('family')}
            name="family_name"
            required
            maxLength={60}
            defaultValue={traveller?.family_name}
            className={inputClass}
            {...invalid}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={field('born')}>{t('travellers.bornOn')}</label>
          <input
            id={field('born')}
            name="born_on"
            type="date"
            required
            defaultValue={traveller?.born_on}
            className={inputClass}
            {...invalid}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={field('gender')}>{t('travellers.gender')}</label>
          <select
            id={field('gender')}
            name="gender"
            defaultValue={traveller?.gender ?? 'male'}
            className={inputClass}
          >
            <option value="male">{t('travellers.gender.male')}</option>
            <option value="female">{t('travellers.gender.female')}</option>
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={field('citizenship')}>{t('travellers.citizenship')}</label>
          <input
            id={field('citizenship')}
            name="citizenship"
            required
            maxLength={2}
            autoCapitalize="characters"
            defaultValue={traveller?.citizenship}
            className={inputClass}
            {...invalid}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={field('document')}>{t('travellers.documentNumber')}</label>
          <input
            id={field('document')}
            name="document_number"
            required
            maxLength={20}
            autoCapitalize="characters"
            defaultValue={traveller?.document_number}
            className={inputClass}
            {...invalid}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={field('expires')}>{t('travellers.documentExpiresOn')}</label>
          <input
            id={field('expires')}
            name="document_expires_on"
            type="date"
            defaultValue={traveller?.document_expires_on ?? ''}
            className={inputClass}
          />
        </div>
      </div>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          {t('travellers.save')}
        </Button>
      </div>
    </Form>
  );
}
