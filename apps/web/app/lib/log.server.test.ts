import { describe, expect, test } from 'vitest';
import { createWebLog } from './log.server.ts';

describe('the web log', () => {
  test('writes JSON lines with the request id and never a token, cookie or document number', () => {
    const lines: string[] = [];
    const log = createWebLog({ write: (line: string) => void lines.push(line) });
    log.child({ reqId: 'req-42' }).error(
      {
        err: new Error('API down'),
        token: 'secret-token-value',
        headers: { cookie: 'token=secret-cookie-value' },
        body: { passengers: [{ document: { number: 'AA1234567' } }] },
      },
      'booking failed',
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 50, part: 'web', reqId: 'req-42', msg: 'booking failed' });
    expect(entry.err).toMatchObject({ type: 'Error', message: 'API down' });
    expect(entry.err.stack).toContain('log.server.test.ts');
    expect(lines[0]).not.toMatch(/secret-token-value|secret-cookie-value|AA1234567/);
  });
});
