import { describe, expect, test } from 'vitest';
import type { OpsOrderSupplier } from '@parvoz/contracts/ops';
import { MESSAGES } from '@parvoz/i18n/messages';
import { LOCALES } from '@parvoz/i18n/locales';
import { renderInRoot } from '../../testing/render.tsx';
import { TicketingPanel } from './order-ticketing-panel.tsx';

const problem: OpsOrderSupplier['ticketing'] = {
  status: 'problem',
  problem: 'insufficient_balance',
  detail: [{ code: 'insufficient_balance' }],
  since: '2026-11-23T08:00:00.000Z',
};

describe("the console's ticketing panel", () => {
  test('a supplier refusal: what happened, and the two ways out (retry; cancel and refund)', () => {
    const html = renderInRoot('en', <TicketingPanel ticketing={problem} busy={false} />);
    expect(html).toContain('our balance at the supplier is too low');
    expect(html).toContain('value="ticketing-retry"');
    expect(html).toContain('value="ticketing-refund"');
    expect(html).toContain(MESSAGES.en['ops.ticketing.retry']);
  });

  test.each(LOCALES)(
    '%s: a payment of unknown outcome names the supplier’s request id to ask about',
    (locale) => {
      const unknown: OpsOrderSupplier['ticketing'] = {
        ...problem!,
        problem: 'outcome_unknown',
        detail: { status: 502, request_id: 'req_0000AbCdEf', message: 'Bad gateway' },
      };
      const html = renderInRoot(locale, <TicketingPanel ticketing={unknown} busy={false} />);
      expect(html).toContain(MESSAGES[locale]['ops.ticketing.problem.outcome_unknown']);
      expect(html).toContain('req_0000AbCdEf');
      expect(html).toContain('value="ticketing-retry"');
      // Created again only when no one knows whether the supplier made it (docs/duffel.md).
      expect(html).not.toContain('value="ticketing-create-again"');
      const unknownCreation = renderInRoot(
        locale,
        <TicketingPanel ticketing={unknown} creationUnknown busy={false} />,
      );
      expect(unknownCreation).toContain('value="ticketing-create-again"');
      expect(unknownCreation).toContain(MESSAGES[locale]['ops.ticketing.createAgain']);
    },
  );

  test('a known refusal is never created again, whatever the creation', () => {
    const html = renderInRoot('en', <TicketingPanel ticketing={problem} creationUnknown busy={false} />);
    expect(html).not.toContain('ticketing-create-again');
  });

  test('waiting for the airline: no actions; other orders: nothing', () => {
    const waiting = renderInRoot(
      'en',
      <TicketingPanel
        ticketing={{ status: 'waiting', problem: null, detail: null, since: problem!.since }}
        busy={false}
      />,
    );
    expect(waiting).toContain('waiting for the airline');
    expect(waiting).not.toContain('ticketing-retry');
    expect(renderInRoot('en', <TicketingPanel ticketing={null} busy={false} />)).toBe('');
  });

  test('in every language', () => {
    for (const locale of LOCALES)
      expect(renderInRoot(locale, <TicketingPanel ticketing={problem} busy={false} />)).toContain(
        MESSAGES[locale]['ops.ticketing.problem.insufficient_balance'],
      );
  });
});
