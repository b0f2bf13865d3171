import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { decodePointer, displayPath, isRecord, valueAt } from '../diagnostics/json-pointer.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import { checkAnalytics } from './rules/analytics.ts'
import { checkAnchors } from './rules/anchors.ts'
import { checkCredentials } from './rules/credentials.ts'
import { checkDatabase } from './rules/database.ts'
import { checkDiagrams } from './rules/diagrams.ts'
import { checkEndpoints } from './rules/endpoints.ts'
import { checkMarkdown, markdownPointers, type InternalLink } from './rules/markdown.ts'
import { checkMediaFields } from './rules/media.ts'
import { checkNumbers } from './rules/numbers.ts'
import { checkResumeDates } from './rules/resume.ts'
import { checkTheme } from './rules/theme.ts'
import { checkAbsoluteUrl } from './rules/urls.ts'
import type { SourceFile } from './load-sources.ts'
import { parseYaml, type ParsedDocument } from './parse-yaml.ts'
import { validateSchema } from './validate-schema.ts'

export type FileKind = 'portfolio' | 'project'

export interface FileCheck {
  parsed: ParsedDocument
  /** In the order the rules found them; sorted only once every file is in. */
  diagnostics: Diagnostic[]
  /** In-site links, for the cross-file anchor check. */
  links: InternalLink[]
}

const PORTFOLIO_URLS: [string, boolean][] = [
  ['/site/url', false],
  ['/links/github', false],
  ['/links/linkedin', false],
  ['/contact/email', true],
]
const PROJECT_URLS: [string, boolean][] = [
  ['/liveUrl', false],
  ['/githubUrl', false],
]

/**
 * parse → schema → the rules that need only this file. A pure function of the text, so it gives the
 * same answer in a worker thread as in the main one. The file takes part in cross-file rules only
 * when `parsed.data` is a mapping.
 */
export function checkFile(source: SourceFile, kind: FileKind): FileCheck {
  const { parsed, diagnostics } = parseYaml(source)
  const links: InternalLink[] = []
  if (parsed.data === undefined) return { parsed, diagnostics, links }
  diagnostics.push(...validateSchema(parsed, kind))
  if (!isRecord(parsed.data)) return { parsed, diagnostics, links }
  for (const [pointer, mailto] of kind === 'portfolio' ? PORTFOLIO_URLS : PROJECT_URLS)
    diagnostics.push(...checkUrlField(parsed, pointer, mailto))
  const markdown = checkMarkdown(parsed, markdownPointers(parsed.data, kind))
  diagnostics.push(...markdown.diagnostics)
  links.push(...markdown.links)
  diagnostics.push(...checkMediaFields(parsed, kind))
  if (kind === 'project') {
    diagnostics.push(
      ...checkEndpoints(parsed, parsed.data),
      ...checkDiagrams(parsed, parsed.data),
      ...checkDatabase(parsed, parsed.data),
    )
    diagnostics.push(...checkNumbers(parsed), ...checkAnchors(parsed, parsed.data))
  } else
    diagnostics.push(
      ...checkTheme(parsed),
      ...checkResumeDates(parsed),
      ...checkCredentials(parsed),
      ...checkAnalytics(parsed),
    )
  return { parsed, diagnostics, links }
}

function checkUrlField(parsed: ParsedDocument, pointer: string, mailto: boolean): Diagnostic[] {
  const segments = decodePointer(pointer)
  const value = valueAt(parsed.data, segments)
  if (typeof value !== 'string') return []
  const problem = checkAbsoluteUrl(value, displayPath(segments), mailto)
  return problem
    ? [createDiagnostic(problem.code, locatePointer(parsed, pointer), problem.message, problem.hint, problem.severity)]
    : []
}
