import { isMap, isScalar, type Node } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer } from '../../diagnostics/json-pointer.ts'
import { findNode, positionAt } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'

/** A decimal literal of the YAML 1.2 core schema, with its digits. */
const DECIMAL = /^[-+]?(\d*)\.?(\d*)(?:[eE][-+]?\d+)?$/

/**
 * Metrics are the one place a number reaches the page, and React shows it as String(value). YAML
 * 1.2 reads `1.10`, `007`, `0x1F` or `1e3` as numbers, so the page would show "1.1", "7", "31" or
 * "1000"; and a double keeps about 15-17 significant digits, so `9007199254740993` shows as
 * "9007199254740992". Keys are turned into strings the same way.
 */
export function checkNumbers(parsed: ParsedDocument): Diagnostic[] {
  const metrics = findNode(parsed.contents, ['metrics'])
  if (!metrics.exact || !isMap(metrics.node)) return []
  const out: Diagnostic[] = []
  for (const pair of metrics.node.items) {
    const label = isScalar(pair.key) ? String(pair.key.value) : undefined
    if (label === undefined) continue
    const where = `metrics[${JSON.stringify(label)}]`
    const keyProblem = checkNumber(parsed, pair.key as Node, `the label of ${where}`, 'label')
    if (keyProblem) out.push(keyProblem)
    const valueProblem = checkNumber(parsed, pair.value as Node | null, where, 'value', label)
    if (valueProblem) out.push(valueProblem)
  }
  return out
}

function checkNumber(
  parsed: ParsedDocument,
  node: Node | null,
  where: string,
  part: 'label' | 'value',
  label?: string,
): Diagnostic | undefined {
  if (!isScalar(node) || typeof node.value !== 'number' || !Number.isFinite(node.value) || !node.range) return undefined
  const [start, end] = node.range
  const typed = parsed.text.slice(start, end)
  const shown = String(node.value)
  if (typed === shown) return undefined
  const at = {
    file: parsed.path,
    pointer: encodePointer(label === undefined ? ['metrics'] : ['metrics', label]),
    start: positionAt(parsed, start),
    end: positionAt(parsed, end),
  }
  const quoted = part === 'label' ? `"${typed}": …` : `${label}: "${typed}"`
  if (losesDigits(typed, node.value)) {
    return createDiagnostic(
      'NUMBER_PRECISION',
      at,
      `${where} is written ${typed}, which YAML reads as a number that keeps only ${significantDigits(shown)} significant digits: the page would show "${shown}"`,
      `Quote it to keep every digit: ${quoted}.`,
    )
  }
  return createDiagnostic(
    'NUMBER_AS_TYPED',
    at,
    `${where} is written ${typed}, which YAML reads as the number ${shown}: the page would show "${shown}"`,
    `Quote it to show it as typed: ${quoted}.`,
  )
}

/** True when the literal has more significant digits than the double YAML made of it. */
function losesDigits(typed: string, value: number): boolean {
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && /^[-+]?\d+$/.test(typed)) return true
  const match = DECIMAL.exec(typed)
  if (!match) return false
  const digits = `${match[1] ?? ''}${match[2] ?? ''}`.replace(/^0+/, '').replace(/0+$/, '')
  return digits.length > significantDigits(String(value))
}

function significantDigits(shown: string): number {
  const mantissa = shown.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '')
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length
}
