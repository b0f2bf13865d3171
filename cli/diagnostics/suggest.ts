/** Levenshtein distance, case-insensitive: enough for "did you mean" on short keys and ids. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase()
  const t = b.toLowerCase()
  let previous = Array.from({ length: t.length + 1 }, (_, i) => i)
  for (let i = 1; i <= s.length; i++) {
    const current = [i]
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[t.length] ?? 0
}

/** The closest candidate within a distance that still reads as a typo, if any. */
export function nearest(value: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const d = editDistance(value, candidate)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  const tolerance = Math.max(1, Math.floor(value.length / 3))
  return best !== undefined && bestDistance <= tolerance ? best : undefined
}

export function didYouMean(value: string, candidates: readonly string[]): string | undefined {
  const match = nearest(value, candidates)
  return match === undefined ? undefined : `Did you mean "${match}"?`
}
