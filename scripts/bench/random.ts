import { createCipheriv, createHash } from 'node:crypto'

/** A seeded source of random choices: the same seed gives the same sequence on every machine. */
export interface Random {
  /** A number in [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** Picks with a Zipf-like skew towards the front: frequent words first, as in real prose. */
  skewed<T>(items: readonly T[]): T
  chance(probability: number): boolean
}

/**
 * The stream is AES-128-CTR's keystream under a key hashed from the seed: Node's crypto gives a
 * well-mixed, deterministic sequence without a hand-written generator.
 */
export function createRandom(seed: string): Random {
  const key = createHash('sha256').update(seed).digest().subarray(0, 16)
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.alloc(16))
  let block = Buffer.alloc(0)
  let offset = 0
  const next = (): number => {
    if (offset >= block.length) {
      block = cipher.update(Buffer.alloc(4096))
      offset = 0
    }
    const value = block.readUInt32LE(offset) / 2 ** 32
    offset += 4
    return value
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    // P(index < k) = log(k + 1) / log(n + 1): the 1/rank law of word frequencies.
    skewed: (items) => items[Math.min(items.length - 1, Math.floor((items.length + 1) ** next()) - 1)]!,
    chance: (probability) => next() < probability,
  }
}
