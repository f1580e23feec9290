/** How the host compresses its answers (@fastify/compress): every answer, and the streamed pages. */
import type { FastifyCompressOptions } from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';

/**
 * Brotli for every compressed answer: quality 4 (@fastify/compress's own default; 11 is far too slow per
 * request) and a 256 kB window instead of the default 4 MB. Pages and API answers are smaller than the window,
 * so they compress to the same size within 0.2 %, but each answer's compressor no longer sets up a 4 MB window:
 * a results page cost 27 ms of CPU with brotli against 14 with gzip, 16.5 with this.
 */
export const BROTLI_PARAMS = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
  [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * Pages stream (the shell, then each part as its data arrives: the results page's built-in offers, then a
 * supplier's): each piece React writes is flushed through the compressor at once. Without it gzip held the shell
 * until 16 kB of output had gathered, and brotli held the built-in offers until Duffel's arrived seconds later.
 * A flush per written chunk costs a few bytes each; the cached pages bring their own gzip (sendPage).
 */
export const STREAMED_PAGE_COMPRESSION: FastifyCompressOptions = {
  // Not zstd: @fastify/compress gives it these zlib options, and its flush mode 2 is zstd's "end the frame": each
  // flush ended a frame, and a decoder stops after the first (the page was cut after its shell).
  encodings: ['br', 'gzip', 'deflate', 'identity'],
  zlibOptions: { flush: zlibConstants.Z_SYNC_FLUSH },
  brotliOptions: { flush: zlibConstants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS },
};
