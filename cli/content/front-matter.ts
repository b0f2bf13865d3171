import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'

/**
 * A post file split in two: its front matter (the YAML between the first two `---` lines) and its
 * text. Both keep their offsets in the file: `yaml` is the file up to the closing line (the
 * opening `---` is YAML's own document marker), so every position the YAML parser gives is already
 * the line and column of the .md file, and the body starts at `bodyOffset`.
 */
export interface FrontMatterSplit {
  /** The file's text up to (not including) the closing `---` line. */
  yaml: string
  /** The markdown after the closing `---` line. */
  body: string
  /** Where `body` starts in the file's text. */
  bodyOffset: number
}

/** A delimiter line: three dashes alone (trailing blanks and a CRLF's \r allowed). */
const DELIMITER = /^---[ \t]*\r?$/

/** The front matter and the text of a post, or the located reason there is no front matter block. */
export function splitFrontMatter(file: string, text: string): FrontMatterSplit | { diagnostic: Diagnostic } {
  const firstEnd = lineEnd(text, 0)
  if (!DELIMITER.test(text.slice(0, firstEnd))) {
    return {
      diagnostic: createDiagnostic(
        'POST_FRONT_MATTER',
        { file, start: { line: 1, column: 1 } },
        `${file} does not start with a front matter block ("---" on the first line)`,
      ),
    }
  }
  for (let start = firstEnd + 1; start <= text.length; ) {
    const end = lineEnd(text, start)
    if (DELIMITER.test(text.slice(start, end))) {
      const bodyOffset = Math.min(end + 1, text.length)
      return { yaml: text.slice(0, start), body: text.slice(bodyOffset), bodyOffset }
    }
    if (end >= text.length) break
    start = end + 1
  }
  return {
    diagnostic: createDiagnostic(
      'POST_FRONT_MATTER',
      { file, start: { line: 1, column: 1 }, end: { line: 1, column: 4 } },
      'the front matter block opened here is never closed',
      'Add a line "---" after the last field of the front matter, before the text.',
    ),
  }
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from)
  return end < 0 ? text.length : end
}
