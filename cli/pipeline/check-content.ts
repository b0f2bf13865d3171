import { createDiagnostic, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { decodePointer, displayPath, isRecord, valueAt } from '../diagnostics/json-pointer.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import { checkDiagrams } from './check-diagrams.ts'
import { checkEndpoints } from './check-endpoints.ts'
import { checkMarkdown, markdownPointers, type InternalLink } from './check-markdown.ts'
import { checkReferences, checkResume, type ProjectDocument } from './check-references.ts'
import { checkTheme } from './check-theme.ts'
import { checkAbsoluteUrl } from './check-urls.ts'
import { loadSources } from './load-sources.ts'
import { parseYaml, type ParsedDocument } from './parse-yaml.ts'
import { validateSchema } from './validate-schema.ts'

/** Validated content: plain data that passed the schema and every rule. */
export interface CheckedContent {
  portfolio: Record<string, unknown>
  /** In the order portfolio.yaml lists them. */
  projects: Record<string, unknown>[]
}

export interface CheckResult {
  diagnostics: Diagnostic[]
  /** Source text by relative path, for code frames. */
  sources: Map<string, string>
  /** Number of content files read. */
  fileCount: number
  /** Parsed files by relative path, so later stages can locate what they find. */
  parsed: Map<string, ParsedDocument>
  /** Present only when there is no error. */
  content?: CheckedContent
}

const PORTFOLIO_URLS: [string, boolean][] = [['/site/url', false], ['/links/github', false], ['/links/linkedin', false], ['/contact/email', true]]
const PROJECT_URLS: [string, boolean][] = [['/liveUrl', false], ['/githubUrl', false]]

/** load → parse → schema → rules per file → rules across files. Collects every problem of every file. */
export async function checkContent(root: string): Promise<CheckResult> {
  const loaded = await loadSources(root)
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const sources = new Map<string, string>()
  const parsedByFile = new Map<string, ParsedDocument>()
  const links: InternalLink[] = []

  const checkFile = (source: { path: string; text: string }, kind: 'portfolio' | 'project'): ParsedDocument | undefined => {
    sources.set(source.path, source.text)
    const { parsed, diagnostics: yamlDiagnostics } = parseYaml(source)
    parsedByFile.set(source.path, parsed)
    diagnostics.push(...yamlDiagnostics)
    if (parsed.data === undefined) return undefined
    const schemaDiagnostics = validateSchema(parsed, kind)
    diagnostics.push(...schemaDiagnostics)
    if (!isRecord(parsed.data)) return undefined
    for (const [pointer, mailto] of kind === 'portfolio' ? PORTFOLIO_URLS : PROJECT_URLS) diagnostics.push(...checkUrlField(parsed, pointer, mailto))
    const markdown = checkMarkdown(parsed, markdownPointers(parsed.data, kind))
    diagnostics.push(...markdown.diagnostics)
    links.push(...markdown.links)
    if (kind === 'project') diagnostics.push(...checkEndpoints(parsed, parsed.data), ...checkDiagrams(parsed, parsed.data))
    else diagnostics.push(...checkTheme(parsed))
    return parsed
  }

  const portfolio = loaded.portfolio ? checkFile(loaded.portfolio, 'portfolio') : undefined
  const projects: ProjectDocument[] = []
  for (const source of loaded.projects) {
    const parsed = checkFile(source, 'project')
    if (parsed && isRecord(parsed.data)) projects.push({ parsed, data: parsed.data })
  }
  if (loaded.projectsListed) diagnostics.push(...checkReferences(portfolio, projects, links, parsedByFile, loaded.projectFileIds))
  if (portfolio) diagnostics.push(...(await checkResume(portfolio, root)))

  const sorted = sortDiagnostics(diagnostics)
  const result: CheckResult = { diagnostics: sorted, sources, fileCount: 1 + loaded.projects.length, parsed: parsedByFile }
  const complete = portfolio && isRecord(portfolio.data) && projects.length === loaded.projects.length
  if (!sorted.some((d) => d.severity === 'error') && complete) {
    const byId = new Map(projects.map((p) => [String(p.data.id), p.data]))
    const order = (valueAt(portfolio.data, ['projects', 'order']) as string[] | undefined) ?? []
    result.content = { portfolio: portfolio.data as Record<string, unknown>, projects: order.map((id) => byId.get(id)).filter(isRecord) }
  }
  return result
}

function checkUrlField(parsed: ParsedDocument, pointer: string, mailto: boolean): Diagnostic[] {
  const segments = decodePointer(pointer)
  const value = valueAt(parsed.data, segments)
  if (typeof value !== 'string') return []
  const problem = checkAbsoluteUrl(value, displayPath(segments), mailto)
  return problem ? [createDiagnostic(problem.code, locatePointer(parsed, pointer), problem.message, problem.hint)] : []
}
