/** Deeper than any real content; low enough that no recursive walker here can overflow. */
export const MAX_DEPTH = 32

/** Where the pre-scan below has something to do: line breaks, quotes and brackets. */
const NESTING_MARKS = /[\n"'[\]{}]/g

/**
 * A linear pre-scan, before the parser sees the text: thousands of levels of `[[[[`, `- - - -` or
 * indentation make recursive parsers overflow the stack or exhaust memory. It jumps from mark to
 * mark (a regex scan) instead of visiting every character.
 *
 * It works around the yaml parser's composer, which recurses once per level with no depth bound:
 * https://github.com/eemeli/yaml/security/advisories/GHSA-48c2-rrv3-qjmp (CVE-2026-33532). Since
 * 2.8.3 the parser catches the overflow and reports RESOURCE_EXHAUSTION where the stack ran out,
 * which depends on the machine's stack and comes only after using all of it; it has no option for
 * a depth limit. Remove this scan if the parser gains one.
 */
export function findExcessiveNesting(text: string): { offset: number; what: string } | undefined {
  let depth = 0
  let quote = 0
  // Each line that has a first character (an empty line has none) is measured before that character is read.
  if (text.length > 0 && text.charCodeAt(0) !== LF) {
    const deep = lineTooDeep(text, 0)
    if (deep) return deep
  }
  NESTING_MARKS.lastIndex = 0
  for (let m = NESTING_MARKS.exec(text); m; m = NESTING_MARKS.exec(text)) {
    const i = m.index
    const c = text.charCodeAt(i)
    if (c === LF) {
      if (i + 1 < text.length && text.charCodeAt(i + 1) !== LF) {
        const deep = lineTooDeep(text, i + 1)
        if (deep) return deep
      }
      continue
    }
    if (quote) {
      if (c === quote) quote = 0
      continue
    }
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      if (/[\s\[{,:]/.test(text[i - 1] ?? ' ')) quote = c
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > MAX_DEPTH * 2) return { offset: i, what: 'brackets [ or { opened inside each other' }
    } else depth = Math.max(0, depth - 1)
  }
  return undefined
}

const LF = 10
const SPACE = 32
const DOUBLE_QUOTE = 34
const SINGLE_QUOTE = 39
const DASH = 45
const QUESTION = 63
const OPEN_BRACKET = 91
const OPEN_BRACE = 123

/** Leading indentation and compact "- - -" / "? ? ?" indicators each open a level. */
function lineTooDeep(text: string, lineOffset: number): { offset: number; what: string } | undefined {
  let levels = 0
  for (let j = lineOffset; ; j++) {
    while (text.charCodeAt(j) === SPACE) j++
    const here = text.charCodeAt(j)
    const next = text.charCodeAt(j + 1)
    if (!((here === DASH || here === QUESTION) && (next === SPACE || next === LF || j + 1 >= text.length))) break
    if (++levels > MAX_DEPTH) return { offset: j, what: `more than ${MAX_DEPTH} nested "- " items on one line` }
  }
  let indent = 0
  while (indent <= 4 * MAX_DEPTH && text.charCodeAt(lineOffset + indent) === SPACE) indent++
  if (indent > 4 * MAX_DEPTH) return { offset: lineOffset, what: `indented by more than ${4 * MAX_DEPTH} spaces` }
  return undefined
}
