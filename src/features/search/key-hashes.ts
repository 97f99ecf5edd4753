/**
 * Search keys as the 32-bit hashes the listings keep (`search_hashes`, migration 0014), computed
 * here instead of in the statement. `search_key_hashes(keys)` is an SQL function: with the search's
 * words as parameters of a custom plan (custom-plan.ts), Postgres folds each call into a constant
 * by running the function while it plans, which cost 2–4 ms a search on PGlite (issue 31). The
 * hashes are Postgres's `hashtext`: `hash_bytes` (Bob Jenkins's lookup3, src/common/hashfn.c) of
 * the key's UTF-8 bytes, read as a signed 32-bit integer. A data test checks them against the
 * database's function on both drivers.
 */

const encoder = new TextEncoder();

const rot = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/** Postgres's `hashtext(key)` for a deterministic collation. */
export function hashText(key: string): number {
  const k = encoder.encode(key);
  let len = k.length;
  let a = (0x9e3779b9 + len + 3923095) | 0;
  let b = a;
  let c = a;
  let i = 0;
  const word = (at: number): number => k[at]! | (k[at + 1]! << 8) | (k[at + 2]! << 16) | (k[at + 3]! << 24);
  while (len >= 12) {
    a = (a + word(i)) | 0;
    b = (b + word(i + 4)) | 0;
    c = (c + word(i + 8)) | 0;
    // mix(a, b, c)
    a = (a - c) | 0;
    a ^= rot(c, 4);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 6);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 8);
    b = (b + a) | 0;
    a = (a - c) | 0;
    a ^= rot(c, 16);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 19);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 4);
    b = (b + a) | 0;
    i += 12;
    len -= 12;
  }
  // The last 11 bytes, little-endian; the lowest byte of c is left for the length.
  if (len >= 11) c = (c + (k[i + 10]! << 24)) | 0;
  if (len >= 10) c = (c + (k[i + 9]! << 16)) | 0;
  if (len >= 9) c = (c + (k[i + 8]! << 8)) | 0;
  if (len >= 8) b = (b + (k[i + 7]! << 24)) | 0;
  if (len >= 7) b = (b + (k[i + 6]! << 16)) | 0;
  if (len >= 6) b = (b + (k[i + 5]! << 8)) | 0;
  if (len >= 5) b = (b + k[i + 4]!) | 0;
  if (len >= 4) a = (a + (k[i + 3]! << 24)) | 0;
  if (len >= 3) a = (a + (k[i + 2]! << 16)) | 0;
  if (len >= 2) a = (a + (k[i + 1]! << 8)) | 0;
  if (len >= 1) a = (a + k[i]!) | 0;
  // final(a, b, c)
  c ^= b;
  c = (c - rot(b, 14)) | 0;
  a ^= c;
  a = (a - rot(c, 11)) | 0;
  b ^= a;
  b = (b - rot(a, 25)) | 0;
  c ^= b;
  c = (c - rot(b, 16)) | 0;
  a ^= c;
  a = (a - rot(c, 4)) | 0;
  b ^= a;
  b = (b - rot(a, 14)) | 0;
  c ^= b;
  c = (c - rot(b, 24)) | 0;
  return c | 0;
}

/** `search_key_hashes(keys)`: the keys' distinct hashes, in ascending order. */
export function searchKeyHashes(keys: readonly string[]): number[] {
  return [...new Set(keys.map(hashText))].sort((x, y) => x - y);
}
