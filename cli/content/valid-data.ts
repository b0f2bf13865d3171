import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Portfolio, Project } from './content-types.ts'

/** What checking one file gave: its data (undefined when it did not parse) and its own problems. */
interface FileFindings {
  data: unknown
  diagnostics: readonly Diagnostic[]
}

/**
 * A file's data typed by its schema, once the file passed its own checks: the schema is one of
 * them, and every schema problem is an error. Undefined while the file has an error. Rules across
 * files may still reject it; what is made from it then is dropped.
 */
function validData<T>({ data, diagnostics }: FileFindings): T | undefined {
  return data === undefined || hasErrors(diagnostics) ? undefined : (data as T)
}

export const validPortfolio: (file: FileFindings) => Portfolio | undefined = validData
export const validProject: (file: FileFindings) => Project | undefined = validData
