/**
 * HMAC-SHA256 (RFC 2104, FIPS 180-4) for signing many short messages with one key: offer ids (offers.ts), ~90
 * per search. node:crypto's createHmac costs ~4 µs a call, nearly all of it making the native HMAC object and
 * preparing the key; a 60-byte message needs only 3 SHA-256 block compressions once the key's two padded
 * blocks (K ⊕ ipad, K ⊕ opad) are compressed ahead, which is what `hmacKey` keeps. The output is the standard
 * HMAC-SHA256, byte for byte (hmac-sha256.test.ts compares it with node:crypto over many keys and lengths);
 * verification stays with node:crypto (offers.ts decodeOffer), so a fault here could only make ids refuse
 * to verify, never accept a forged one.
 */
import { createHash } from 'node:crypto';

const BLOCK = 64;
const INITIAL = Int32Array.of(
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
);
// prettier-ignore
const K = Int32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);
/** The message schedule of the block being compressed (scratch: signing is synchronous). */
const W = new Int32Array(64);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** Compresses the 64-byte block of `bytes` at `at` into `state` (FIPS 180-4 §6.2.2). */
function compress(state: Int32Array, bytes: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++, at += 4)
    W[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** Scratch of the last block or two (the message's tail, padding and length) and of the running states. */
const TAIL = new Uint8Array(2 * BLOCK);
const INNER = new Int32Array(8);
const OUTER = new Int32Array(8);
const DIGEST = new Uint8Array(32);

/**
 * SHA-256 of `prefixed` bytes already compressed into `state` (whole blocks) followed by `message`: pads and
 * compresses the rest, leaves the digest in `state`.
 */
function finish(state: Int32Array, prefixed: number, message: Uint8Array): void {
  const whole = message.length - (message.length % BLOCK);
  for (let at = 0; at < whole; at += BLOCK) compress(state, message, at);
  // The tail, the 0x80 byte and the message's length in bits (big-endian, 64 bits) in one or two blocks.
  const rest = message.length - whole;
  const end = rest + 9 > BLOCK ? 2 * BLOCK : BLOCK;
  TAIL.fill(0, 0, end);
  TAIL.set(message.subarray(whole), 0);
  TAIL[rest] = 0x80;
  const bits = (prefixed + message.length) * 8;
  writeWord(TAIL, end - 8, Math.floor(bits / 2 ** 32));
  writeWord(TAIL, end - 4, bits);
  for (let at = 0; at < end; at += BLOCK) compress(state, TAIL, at);
}

/** A 32-bit word, big-endian. */
function writeWord(out: Uint8Array, at: number, word: number): void {
  out[at] = word >>> 24;
  out[at + 1] = word >>> 16;
  out[at + 2] = word >>> 8;
  out[at + 3] = word;
}

/** A key ready for many MACs: the states after its inner and outer padded blocks. */
export interface HmacKey {
  readonly inner: Int32Array;
  readonly outer: Int32Array;
}

export function hmacKey(secret: string | Uint8Array): HmacKey {
  let key: Uint8Array = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  if (key.length > BLOCK) key = createHash('sha256').update(key).digest();
  const pad = (byte: number): Int32Array => {
    const block = new Uint8Array(BLOCK).fill(byte);
    for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ byte;
    const state = INITIAL.slice();
    compress(state, block, 0);
    return state;
  };
  return { inner: pad(0x36), outer: pad(0x5c) };
}

/**
 * Writes the first `length` bytes (at most 32) of HMAC-SHA256(key, message) into `out` at `at`: an id's
 * signature goes straight after its payload, with nothing allocated.
 */
export function hmacSha256Into(
  key: HmacKey,
  message: Uint8Array,
  out: Uint8Array,
  at: number,
  length: number,
): void {
  INNER.set(key.inner);
  finish(INNER, BLOCK, message);
  for (let i = 0; i < 8; i++) writeWord(DIGEST, 4 * i, INNER[i]!);
  OUTER.set(key.outer);
  finish(OUTER, BLOCK, DIGEST);
  for (let i = 0; i < 8; i++) writeWord(DIGEST, 4 * i, OUTER[i]!);
  out.set(DIGEST.subarray(0, length), at);
}

/** HMAC-SHA256 of `message` under `key` (32 bytes). */
export function hmacSha256(key: HmacKey, message: Uint8Array): Buffer {
  const out = Buffer.alloc(32);
  hmacSha256Into(key, message, out, 0, 32);
  return out;
}
