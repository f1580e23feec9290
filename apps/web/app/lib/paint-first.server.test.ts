import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import { BOOT_BATCH, paintFirst, paintFirstStream, type BootLink } from './paint-first.server.ts';

/** A page as React Router writes it: the links hoisted into the head, its two scripts at the end of the body. */
const SOURCE =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");';
const PAGE =
  '<!DOCTYPE html><html lang="uz"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" id="parvoz-messages" href="/assets/messages-uz-0123456789ab.js"/>' +
  '<link rel="modulepreload" href="/assets/page-messages-uz-routes-site-home-0123456789ab.js" data-page-messages="/assets/home-1.js"/>' +
  '<title>Parvoz — arzon aviachiptalar</title>' +
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0nce+/="/>' +
  '<link rel="modulepreload" href="/assets/root-1.js" nonce="n0nce+/="/>' +
  '<style id="parvoz-css">.a{color:red}</style></head><body><main><h1>Ўзбекча матн: «сўз»</h1></main>' +
  '<script nonce="n0nce+/=">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce+/=" type="module" async="">${SOURCE}</script>` +
  '<script nonce="n0nce+/=">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';

/** The boot script's arguments, read back from the rewritten page. */
function bootArguments(html: string): { links: BootLink[]; source: string; nonce: string; batch: number } {
  const tag =
    /<script nonce="([^"]*)">\(function boot[\s\S]*?\}\)\((\[.*?\]),("(?:[^"\\]|\\.)*"),(\d+)\)<\/script>/.exec(
      html,
    );
  if (!tag) throw new Error('no boot script');
  return {
    nonce: tag[1]!,
    links: JSON.parse(tag[2]!) as BootLink[],
    source: JSON.parse(tag[3]!) as string,
    batch: Number(tag[4]),
  };
}

describe('paint first', () => {
  test('the links and the module script leave the page; the boot script brings back exactly them, with the nonce', () => {
    const html = paintFirst(PAGE)!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const boot = bootArguments(html);
    expect(boot.nonce).toBe('n0nce+/=');
    expect(boot.links).toEqual([
      { href: '/assets/messages-uz-0123456789ab.js', id: 'parvoz-messages' },
      // A route's own words keep the route chunk they belong to (entry.client.tsx reads it).
      { href: '/assets/page-messages-uz-routes-site-home-0123456789ab.js', page: '/assets/home-1.js' },
      { href: '/assets/manifest-1.js' },
      { href: '/assets/root-1.js' },
    ]);
    expect(boot.source).toBe(SOURCE);
    expect(boot.batch).toBe(BOOT_BATCH);
    // Everything else is as it was, in place: the words, the stylesheet, the context and data scripts.
    expect(html).toContain('<title>Parvoz — arzon aviachiptalar</title>');
    expect(html).toContain(
      '<h1>Ўзбекча матн: «сўз»</h1></main><script nonce="n0nce+/=">window.__reactRouterContext = {};',
    );
    expect(html.endsWith('streamController.enqueue("[]");</script></body></html>')).toBe(true);
  });

  test('a source that says </script> cannot end the boot script early', () => {
    const source = 'console.log("</script><script>alert(1)</script>")';
    const html = paintFirst(PAGE.replace(SOURCE, source.replaceAll('</script>', '<\\/script>')))!;
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(bootArguments(html).source).toBe(source.replaceAll('</script>', '<\\/script>'));
  });

  test('a page without the module script (an error before the shell) is left alone', () => {
    const plain =
      '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body>x</body></html>';
    expect(paintFirst(plain)).toBeNull();
  });

  test('streamed in pieces of any size, the page comes out as rewritten whole, every byte of its text intact', async () => {
    const expected = paintFirst(PAGE)!;
    const bytes = Buffer.from(PAGE);
    for (const size of [1, 2, 3, 7, 64, 2048]) {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
      // Multi-byte letters (Cyrillic, «») are cut between pieces for the small sizes.
      const out = await text(Readable.from(pieces).pipe(paintFirstStream()));
      expect(out, `pieces of ${size}`).toBe(expected);
    }
    const unchanged = '<html><body>ў</body></html>';
    expect(await text(Readable.from([Buffer.from(unchanged)]).pipe(paintFirstStream()))).toBe(unchanged);
  });
});
