/** Optimal-string-alignment distance, case-insensitive: a swap of two neighbours (nmae) counts as one typo. */
function editDistance(a: string, b: string): number {
  const s = a.toLowerCase()
  const t = b.toLowerCase()
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      const row = d[i]!
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1)
    }
  }
  return d[s.length]![t.length]!
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
