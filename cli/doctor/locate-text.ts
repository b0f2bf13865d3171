import { LineCounter, parseDocument, type Document } from 'yaml'
import type { Located } from '../diagnostics/diagnostic.ts'

/** A YAML (or JSON, which is YAML) file parsed with positions, for findings located in it. */
export interface PositionedFile {
  file: string
  text: string
  document: Document.Parsed
  /** The span of text[start, start + length) as a location. */
  at(start: number, length: number): Located
}

export function parsePositioned(file: string, text: string): PositionedFile {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, uniqueKeys: false })
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  return {
    file,
    text,
    document,
    at: (start, length) => ({ file, start: position(start), end: position(start + length) }),
  }
}
