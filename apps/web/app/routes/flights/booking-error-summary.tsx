import { Link } from 'react-router';
import { luggageSuits } from '@parvoz/contracts/luggage';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useT } from '../../lib/i18n.tsx';
import type { BookingActionData } from './booking-action.server.ts';
import type { BookingOffer } from './booking-offer.ts';
import { luggageBoxId } from './booking-form-fields.ts';

/** The order of the error summary: contact, passengers in order, then the agreement. */
const FIELD_ORDER = [
  'contact.full_name',
  'contact.email',
  'contact.phone',
  'passengers',
  'given_name',
  'family_name',
  'born_on',
  'gender',
  'citizenship',
  'document.number',
  'document.expires_on',
  'luggage',
];

const PASSENGER_FIELD = /^passengers\[(\d+)\]\.(.+)$/;

function orderOf(name: string): number {
  const passenger = PASSENGER_FIELD.exec(name);
  if (passenger) return 100 + Number(passenger[1]) * 20 + FIELD_ORDER.indexOf(passenger[2]!);
  if (name === 'agreement') return 10_000;
  if (name === '') return -1;
  return FIELD_ORDER.indexOf(name);
}

/** The field names with errors, in the order the form shows them. */
export function summaryOrder(names: readonly string[]): string[] {
  return [...names].sort((a, b) => orderOf(a) - orderOf(b));
}

/** The id a summary link jumps to: the field's control (the passenger's first luggage box for a luggage error). */
function summaryTarget(name: string, formId: string, offer: BookingOffer): string {
  const id = `${formId}-${name}`;
  const luggage = /^passengers\[(\d+)\]\.luggage$/.exec(name);
  if (luggage) {
    const index = Number(luggage[1]);
    const type = offer.passengers[index]?.type;
    const first = offer.available_services.find((s) => type && luggageSuits(s, index, type));
    return first ? luggageBoxId(id, first.id) : id;
  }
  return id;
}

/**
 * What stopped the booking, above the form: the refused fields (each a link to its field, in the form's
 * order), a problem of the whole attempt, or the limit of unpaid orders with the way out of it.
 */
export function BookingErrorSummary({
  offer,
  formId,
  errorNames,
  errorOf,
  actionData,
}: {
  offer: BookingOffer;
  /** The booking form's id (its fields' ids start with it). */
  formId: string;
  /** The fields with errors, in the form's order (`summaryOrder`). */
  errorNames: readonly string[];
  errorOf: (name: string) => string | undefined;
  actionData: BookingActionData | undefined;
}) {
  const t = useT();
  const holdLimit = actionData?.problem === 'hold_limit' ? actionData.holdLimit : undefined;
  return (
    <>
      {errorNames.length > 0 ? (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t('booking.errorSummary', { count: errorNames.length })}</p>
          <ul className="mt-2 list-disc ps-5 text-sm">
            {errorNames.map((name) => (
              <li key={name}>
                {name === '' || name === 'passengers' ? (
                  errorOf(name)
                ) : (
                  <a href={`#${summaryTarget(name, formId, offer)}`} className="underline">
                    {PASSENGER_FIELD.test(name)
                      ? t('booking.errorSummary.passenger', {
                          number: Number(PASSENGER_FIELD.exec(name)![1]) + 1,
                          message: errorOf(name),
                        })
                      : errorOf(name)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {actionData?.problem === 'generic' || actionData?.problem === 'rate_limited' ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
          {actionData.problem === 'rate_limited'
            ? t('booking.problem.rateLimited')
            : t('booking.problem.generic')}
        </p>
      ) : null}
      {holdLimit ? (
        <div
          role="alert"
          data-testid="booking-hold-limit"
          className="grid gap-2 rounded border border-red-300 bg-red-50 p-4 text-red-900"
        >
          <p className="font-semibold">{t('booking.holdLimit.title')}</p>
          <p>{t('booking.holdLimit.text')}</p>
          {holdLimit.seats > 0 ? (
            <p className="text-sm">
              {t('booking.holdLimit.limits', { seats: holdLimit.seats, orders: holdLimit.orders })}
            </p>
          ) : null}
          {holdLimit.orderPath ? (
            <p>
              <Link to={holdLimit.orderPath} className="font-semibold underline">
                {t('booking.holdLimit.openOrder')}
              </Link>
            </p>
          ) : (
            <p>
              {t('booking.holdLimit.useEmail')}{' '}
              <LocalizedLink to="/info/my-ticket" className="font-semibold underline">
                {t('booking.holdLimit.myTicket')}
              </LocalizedLink>
            </p>
          )}
        </div>
      ) : null}
    </>
  );
}
