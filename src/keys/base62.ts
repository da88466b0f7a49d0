// Base62 (0-9A-Za-z): the only alphabet in a key, so a key never contains '-' except as separator.

/** The 62 characters keys are written in, in digit order. */
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Writes a non-negative integer in base62, left-padded with '0' to exactly `width` characters. */
export function toBase62(value: bigint, width: number): string {
  let out = '';
  let v = value;
  while (v > 0n) {
    out = BASE62[Number(v % 62n)] + out;
    v /= 62n;
  }
  if (out.length > width) throw new RangeError(`value needs ${out.length} base62 digits, more than ${width}`);
  return out.padStart(width, '0');
}

/** Reads bytes as one big-endian unsigned integer. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}

/** True when `s` is non-empty and made of base62 characters only. */
export function isBase62(s: string): boolean {
  return /^[0-9A-Za-z]+$/.test(s);
}
