/**
 * Adler-32 (RFC 1950), the checksum a zlib stream ends with. The social cards assemble their PNG's
 * zlib stream from pieces (see social-worker.ts), so they sum, join and update it themselves.
 */

export const ADLER_BASE = 65521

/** Adler-32 of `data`, summed in runs short enough that the sums stay V8 small integers until reduced. */
export function adler32(data: Uint8Array): number {
  let a = 1
  let b = 0
  for (let start = 0; start < data.length; start += 1500) {
    const end = Math.min(start + 1500, data.length)
    for (let i = start; i < end; i += 1) {
      a += data[i] as number
      b += a
    }
    a %= ADLER_BASE
    b %= ADLER_BASE
  }
  return ((b << 16) | a) >>> 0
}

/** The Adler-32 of two byte runs one after the other, from each one's (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE
  let a = (first & 0xffff) + (second & 0xffff) + ADLER_BASE - 1
  let b = ((rem * (first & 0xffff)) % ADLER_BASE) + (first >>> 16) + (second >>> 16) + ADLER_BASE - rem
  a %= ADLER_BASE
  b %= ADLER_BASE
  return ((b << 16) | a) >>> 0
}

/**
 * The Adler-32 of a run after some of its bytes changed: a = 1 + Σ x_i and b = Σ (n − i)·x_i + n, so a
 * byte at index i changed by δ adds δ to a and (n − i)·δ to b. `addA` and `addB` are those sums of
 * changes (any integers).
 */
export function adler32Update(sum: number, addA: number, addB: number): number {
  const a = mod((sum & 0xffff) + mod(addA))
  const b = mod((sum >>> 16) + mod(addB))
  return ((b << 16) | a) >>> 0
}

/** The non-negative remainder modulo ADLER_BASE. */
function mod(value: number): number {
  const r = value % ADLER_BASE
  return r < 0 ? r + ADLER_BASE : r
}
