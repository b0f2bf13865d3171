/**
 * Greedy word wrap to `maxWidth`, at most `maxLines` lines; text that does not fit ends with an
 * ellipsis. A word wider than a whole line is broken between characters.
 */
export function wrapText(
  text: string,
  measure: (text: string) => number,
  maxWidth: number,
  maxLines: number,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  let index = 0
  for (; index < words.length; index += 1) {
    let word = words[index] ?? ''
    const candidate = line ? `${line} ${word}` : word
    if (measure(candidate) <= maxWidth) {
      line = candidate
      continue
    }
    if (line) {
      lines.push(line)
      line = ''
      if (lines.length === maxLines) break
    }
    while (measure(word) > maxWidth) {
      let cut = word.length - 1
      while (cut > 1 && measure(word.slice(0, cut)) > maxWidth) cut -= 1
      lines.push(word.slice(0, cut))
      word = word.slice(cut)
      if (lines.length === maxLines) break
    }
    if (lines.length === maxLines) break
    line = word
  }
  if (line && lines.length < maxLines) {
    lines.push(line)
    index = words.length
  }
  if (index < words.length && lines.length > 0) {
    let last = lines[lines.length - 1] ?? ''
    while (last && measure(`${last}…`) > maxWidth) last = last.replace(/\s*\S$/, '')
    lines[lines.length - 1] = `${last.replace(/[\s,.;:–—-]+$/, '')}…`
  }
  return lines
}
