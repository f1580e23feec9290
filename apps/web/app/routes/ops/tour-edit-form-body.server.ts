/**
 * A form's body read with a ceiling (docs/after-sale.md §7: a tour's picture is at most 5 MB): a larger body
 * is not read at all (its declared length) or not past the ceiling (a body sent in chunks); null then.
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!request.body) return request.formData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Response(body, {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }).formData();
}
