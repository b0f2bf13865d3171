import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { DATE_HINT, parseBound } from './resume.ts'
import { checkAbsoluteUrl } from './urls.ts'
import { recordsAt } from './unchecked-data.ts'

/** The optional lists of dated, linked entries beside experience and education. */
const CREDENTIAL_LISTS = ['certifications', 'publications', 'talks'] as const

/**
 * certifications, publications and talks: each entry's date parses as experience dates do
 * ("YYYY" or "YYYY-MM"), and its url is an absolute https URL, as the profile links are.
 */
export function checkCredentials(portfolio: ParsedDocument): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const list of CREDENTIAL_LISTS) {
    for (const [entry, i] of recordsAt(portfolio.data, [list])) {
      const at = (key: string) => locatePointer(portfolio, encodePointer([list, i, key]))
      if (typeof entry.date === 'string' && !parseBound(entry.date))
        out.push(
          createDiagnostic(
            'RESUME_DATE',
            at('date'),
            `${list}[${i}].date "${entry.date}" is not a date`,
            `${DATE_HINT}.`,
          ),
        )
      if (typeof entry.url === 'string') {
        const problem = checkAbsoluteUrl(entry.url, `${list}[${i}].url`)
        if (problem)
          out.push(createDiagnostic(problem.code, at('url'), problem.message, problem.hint, problem.severity))
      }
    }
  }
  return out
}
