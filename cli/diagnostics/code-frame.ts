import type { Position } from './diagnostic.ts'

export interface FrameStyle {
  /** Wraps the caret line and the marker. */
  highlight: (text: string) => string
  dim: (text: string) => string
}

const plain: FrameStyle = { highlight: (t) => t, dim: (t) => t }

/** Up to two lines of context before, the line itself with `>`, and a caret span under the problem. */
export function codeFrame(text: string, start: Position, end: Position | undefined, style: FrameStyle = plain): string {
  const lines = text.split(/\r?\n/)
  const index = start.line - 1
  if (index < 0 || index >= lines.length) return ''
  const first = Math.max(0, index - 2)
  const last = Math.min(lines.length - 1, index + 1)
  const width = String(last + 1).length
  const out: string[] = []
  for (let i = first; i <= last; i++) {
    const line = (lines[i] ?? '').replace(/\t/g, ' ')
    const shown = line.length > 160 ? line.slice(0, 160) + '…' : line
    const number = String(i + 1).padStart(width)
    if (i === index) {
      out.push(style.highlight('>') + ` ${number} | ${shown}`)
      const caretStart = Math.min(start.column - 1, shown.length)
      const span = end && end.line === start.line ? Math.max(1, Math.min(end.column - start.column, 80)) : 1
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(caretStart)}${style.highlight('^'.repeat(span))}`)
    } else {
      out.push(style.dim(`  ${number} | ${shown}`))
    }
  }
  return out.join('\n')
}
