import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer } from '../../diagnostics/json-pointer.ts'
import { locateInString } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { recordsAt, sectionsOf } from './unchecked-data.ts'

/** Diagram types the build-time renderer draws. */
const DIAGRAM_TYPES = [
  'flowchart',
  'graph',
  'sequenceDiagram',
  'stateDiagram',
  'stateDiagram-v2',
  'classDiagram',
  'erDiagram',
] as const
const MAX_EDGES = 300

export interface DiagramProblem {
  code: 'DIAGRAM_DIRECTIVE' | 'DIAGRAM_INTERACTION' | 'DIAGRAM_HTML' | 'DIAGRAM_SYNTAX' | 'LIMIT'
  index: number
  length: number
  message: string
  hint?: string
}

/** Static checks of Mermaid source: what could run script or escape the picture, and what cannot parse. */
export function checkDiagramSource(source: string): DiagramProblem | undefined {
  const directive = /%%\{|^\s*---\s*$/m.exec(source)
  if (directive)
    return {
      code: 'DIAGRAM_DIRECTIVE',
      index: directive.index,
      length: directive[0].length,
      message: 'diagram directives and front-matter configuration are not allowed',
    }
  const interaction = /^\s*(click|callback|call)\s|\bhref\b|javascript:|vbscript:|data:|url\(/im.exec(source)
  if (interaction)
    return {
      code: 'DIAGRAM_INTERACTION',
      index: interaction.index + (interaction[0].length - interaction[0].trimStart().length),
      length: interaction[0].trim().length,
      message: `click handlers, links and url() are not allowed in diagrams (found "${interaction[0].trim()}")`,
    }
  const html = /<\/?[a-z!][^>]*>?|&(#x?[0-9a-f]+|[a-z]+);/i.exec(source)
  if (html && !/^<-+|^<=+/.test(html[0]))
    return {
      code: 'DIAGRAM_HTML',
      index: html.index,
      length: Math.min(html[0].length, 40),
      message: `HTML is not allowed in diagram labels (found ${JSON.stringify(html[0].slice(0, 40))})`,
    }

  const lines = source.split('\n')
  const firstIndex = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('%%'))
  const first = lines[firstIndex]?.trim() ?? ''
  const type = first.split(/\s+/)[0] ?? ''
  if (!(DIAGRAM_TYPES as readonly string[]).includes(type)) {
    const offset = lines.slice(0, Math.max(firstIndex, 0)).join('\n').length + (firstIndex > 0 ? 1 : 0)
    return {
      code: 'DIAGRAM_SYNTAX',
      index: offset,
      length: Math.max(type.length, 1),
      message: `unsupported diagram type "${type}"`,
      hint: `Start the diagram with one of: ${DIAGRAM_TYPES.join(', ')}.`,
    }
  }
  const edges = (source.match(/--|==|->|\.\.|\|\|/g) ?? []).length
  if (edges > MAX_EDGES)
    return {
      code: 'LIMIT',
      index: 0,
      length: 1,
      message: `diagram has ${edges} edges > ${MAX_EDGES}`,
      hint: 'Split it into smaller diagrams.',
    }

  // Unbalanced brackets or quotes on a line are the commonest Mermaid typo; the renderer would draw nonsense.
  let offset = 0
  for (const line of lines) {
    const problem = unbalanced(line)
    if (problem !== undefined)
      return {
        code: 'DIAGRAM_SYNTAX',
        index: offset + problem.index,
        length: 1,
        message: `${problem.what} on this diagram line`,
        hint: 'Close every [ ( { and " that a node label opens, on the same line.',
      }
    offset += line.length + 1
  }
  return undefined
}

function unbalanced(line: string): { index: number; what: string } | undefined {
  const pairs: Record<string, string> = { ']': '[', ')': '(', '}': '{' }
  const stack: { c: string; i: number }[] = []
  let quote = -1
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? ''
    if (c === '%' && line[i + 1] === '%' && quote < 0) break
    if (c === '"') {
      quote = quote < 0 ? i : -1
      continue
    }
    if (quote >= 0) continue
    if (c === '[' || c === '(' || c === '{') stack.push({ c, i })
    else if (c in pairs) {
      const top = stack.pop()
      if (!top || top.c !== pairs[c]) return { index: i, what: `unexpected "${c}"` }
    }
  }
  if (quote >= 0) return { index: quote, what: 'unclosed quote' }
  const open = stack.pop()
  return open ? { index: open.i, what: `unclosed "${open.c}"` } : undefined
}

export function checkDiagrams(parsed: ParsedDocument, project: unknown): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const [section, s] of sectionsOf(project)) {
    if (section.kind !== 'diagrams') continue
    recordsAt(section, ['diagrams']).forEach(([diagram, d]) => {
      if (typeof diagram.mermaid !== 'string') return
      const problem = checkDiagramSource(diagram.mermaid)
      if (!problem) return
      const pointer = encodePointer(['sections', s, 'diagrams', d, 'mermaid'])
      out.push(
        createDiagnostic(
          problem.code,
          locateInString(parsed, pointer, problem.index, problem.length),
          `sections[${s}].diagrams[${d}]: ${problem.message}`,
          problem.hint,
        ),
      )
    })
  }
  return out
}
