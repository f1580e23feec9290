/**
 * Every encoding a browser may ask for brings the whole page, over real HTTP (raw bytes, decoded here): a
 * rendered results page (streamed, flushed per React flush), a kept page (the page cache's gzip or its plain
 * copy compressed on the way out) and an API answer. Chromium and Firefox add `zstd` over HTTPS.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSite, type RunningSite } from './support/server.ts';
import { ddmm, isoDay } from './support/dates.ts';

let site: RunningSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

/** The answer's body as the browser reads it, and the encoding the server chose. */
function fetchRaw(path: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; encoding: string; text: string }>((resolve, reject) => {
    const url = new URL(path, site.url);
    request(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        const body = Buffer.concat(chunks);
        const decode = DECODE[encoding];
        resolve({
          status: response.statusCode ?? 0,
          encoding,
          text: (decode ? decode(body) : body).toString(),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

const ASKED = ['gzip, deflate, br, zstd', 'zstd', 'br', 'gzip', 'deflate', 'identity'];

test('a rendered results page arrives whole in every encoding a browser may ask for', async () => {
  const path = `/en/flight/TAS${ddmm(isoDay(30))}IST1`;
  for (const asked of ASKED) {
    const answer = await fetchRaw(path, asked);
    expect(answer.status, asked).toBe(200);
    expect(answer.text.trimEnd().endsWith('</html>'), `${asked} (${answer.encoding})`).toBe(true);
    // The offers come in a part streamed after the shell.
    expect(answer.text.match(/data-testid="offer"/g)?.length, asked).toBe(10);
  }
});

test('a kept page and an API answer arrive whole in every encoding', async () => {
  for (const asked of ASKED) {
    const kept = await fetchRaw('/ru/info/help', asked);
    expect(kept.status, asked).toBe(200);
    expect(kept.text.trimEnd().endsWith('</html>'), `${asked} (${kept.encoding})`).toBe(true);
    const api = await fetchRaw('/v1/places?q=a&lang=en', asked, {
      authorization: 'Bearer parvoz-public-anonymous',
    });
    expect(api.status, asked).toBe(200);
    expect(JSON.parse(api.text).data.length, `${asked} (${api.encoding})`).toBeGreaterThan(0);
  }
});
