import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import { didYouMean, nearest } from '../../diagnostics/suggest.ts'
import { sourceDigest, type OverlaySource } from '../load-sources.ts'
import { entryKind, type Store } from '../../cache/store.ts'
import { parseYaml, type ParsedDocument } from '../parse-yaml.ts'
import { readSchema, validateSchema } from '../validate-schema.ts'
import { matchOverlay, type MatchedField, type OverlayProblem } from './match-overlay.ts'
import type { SchemaNode } from './translatable-schema.ts'
import { checkMarkdown, markdownPointers, type InternalLink } from '../rules/markdown.ts'

/** An overlay that parsed, with each of its translated values matched to its source field. */
export interface CheckedOverlay {
  /** The overlay file, e.g. projects/alpha.fr.yaml. */
  file: string
  /** The source file it translates, e.g. projects/alpha.yaml. */
  sourceFile: string
  language: string
  fields: MatchedField[]
  /** Absent when it was checked on another thread or taken from the store: parsed again where a position is needed. */
  parsed?: ParsedDocument
  /** A post's translation only (posts/<slug>.<tag>.md): its markdown text, when it has one (it replaces the source's whole). */
  body?: TranslatedBody
}

/** A post's markdown text in its file: where diagnostics of its compile are placed. */
export interface TranslatedBody {
  text: string
  /** The line of its file the text starts on, and its offset in the file's text. */
  line: number
  offset: number
}

export interface OverlayContext {
  defaultLanguage: string
  /** site.languages as written. */
  languages: readonly string[]
  /** Source data by file (portfolio.yaml, projects/<id>.yaml): what each overlay is matched against. */
  sources: ReadonlyMap<string, unknown>
  /** Every project file's id; undefined when projects/ could not be listed (nothing is said about them). */
  projectIds: readonly string[] | undefined
  /** The digest of each source's text, by file: with it, a valid overlay's check is kept in the store. */
  sourceDigests?: ReadonlyMap<string, string>
}

/**
 * Each overlay's own checks (BAD-INPUT M1–M4): its name names a language of site.languages and, for
 * a project, a project that has a file; its YAML parses (located like any file's); it passes the
 * overlay schema (the values' types); it holds only the source's translatable fields, and each list
 * item matches a source item by its key.
 */
export function checkOverlays(
  overlays: readonly OverlaySource[],
  context: OverlayContext,
  store: Store,
  /** Overlays already checked against their source (in the project's job), by file. */
  checkedElsewhere: ReadonlyMap<string, OverlayChecked> = new Map(),
): { diagnostics: Diagnostic[]; checked: CheckedOverlay[]; links: InternalLink[] } {
  const diagnostics: Diagnostic[] = []
  const checked: CheckedOverlay[] = []
  const links: InternalLink[] = []
  for (const overlay of overlays) {
    const nameProblem = fileNameProblem(overlay, context)
    if (nameProblem) {
      diagnostics.push(nameProblem)
      continue
    }
    const file = overlay.source.path
    const sourceFile = sourceFileOf(overlay)
    const done =
      checkedElsewhere.get(file) ??
      checkOverlayCached(overlay, context.sources.get(sourceFile), context.sourceDigests?.get(sourceFile), store)
    diagnostics.push(...done.diagnostics)
    links.push(...done.links)
    if (done.checked) checked.push(done.checked)
  }
  return { diagnostics, checked, links }
}

/** What checking one overlay found: its own diagnostics and links, and the overlay matched to its source when it parsed. */
export interface OverlayChecked {
  /** The overlay file. */
  file: string
  diagnostics: Diagnostic[]
  links: InternalLink[]
  checked?: CheckedOverlay
}

/** A valid overlay's check, kept in the store by its text and its source's: its matched fields and links. */
const OVERLAY_CHECKED = entryKind<{ checked: CheckedOverlay; links: InternalLink[] }>('overlay checked')

/**
 * One overlay's own checks (M1–M3; its name is checked by checkOverlays), against its source's data
 * (`source`; undefined when the source did not parse: only the overlay's YAML and types are checked).
 * Taken from the store when this overlay's text was checked valid against this source's text
 * (`sourceDigest`) before; a result with any diagnostic is never kept, so it is located afresh.
 */
export function checkOverlayCached(
  overlay: OverlaySource,
  source: unknown,
  sourceDigestText: string | undefined,
  store: Store,
): OverlayChecked {
  const file = overlay.source.path
  const key =
    sourceDigestText === undefined
      ? undefined
      : OVERLAY_CHECKED.key(store, file, sourceDigest(overlay.source), sourceFileOf(overlay), sourceDigestText)
  const hit = key === undefined ? undefined : OVERLAY_CHECKED.get(store, key)
  if (hit) return { file, diagnostics: [], links: hit.links, checked: hit.checked }
  const done = checkOverlay(overlay, source)
  if (key !== undefined && done.checked && done.diagnostics.length === 0) {
    const { parsed: _, ...kept } = done.checked
    OVERLAY_CHECKED.set(store, key, { checked: kept, links: done.links })
  }
  return done
}

function checkOverlay(overlay: OverlaySource, source: unknown): OverlayChecked {
  const file = overlay.source.path
  const sourceFile = sourceFileOf(overlay)
  const { parsed, diagnostics } = parseYaml(overlay.source)
  if (parsed.data === undefined) return { file, diagnostics, links: [] }
  const kind = overlay.project === undefined ? 'portfolio' : 'project'
  // An unknown key is this file's to explain (M1, M2): the schema would call both alike.
  diagnostics.push(...validateSchema(parsed, `${kind}.overlay`).filter((d) => d.code !== 'SCHEMA_UNKNOWN_KEY'))
  if (source === undefined) return { file, diagnostics, links: [] }
  const match = matchOverlay(sourceSchema(kind), source, parsed.data)
  diagnostics.push(...match.problems.map((problem) => problemDiagnostic(problem, parsed, sourceFile)))
  // A translated markdown field is markdown like its source: the same rules (no raw HTML, safe links, anchors).
  const markdown = new Set(markdownPointers(source, kind))
  const translated = match.fields.filter((field) => markdown.has(field.source)).map((field) => field.overlay)
  const scanned = checkMarkdown(parsed, translated)
  diagnostics.push(...scanned.diagnostics)
  return {
    file,
    diagnostics,
    links: scanned.links,
    checked: { file, sourceFile, language: overlay.language, fields: match.fields, parsed },
  }
}

/** The source file an overlay of portfolio.yaml or of a project translates. */
function sourceFileOf(overlay: OverlaySource): string {
  return overlay.project === undefined ? 'portfolio.yaml' : `projects/${overlay.project}.yaml`
}

export type SourceKind = 'portfolio' | 'project' | 'post'

const schemas = new Map<SourceKind, SchemaNode>()

export function sourceSchema(kind: SourceKind): SchemaNode {
  let schema = schemas.get(kind)
  if (!schema) {
    schema = readSchema(kind) as SchemaNode
    schemas.set(kind, schema)
  }
  return schema
}

const at1 = (file: string) => ({ file, start: { line: 1, column: 1 } })

/** M4: the file's language is not one of site.languages, or its project has no file. */
function fileNameProblem(overlay: OverlaySource, context: OverlayContext): Diagnostic | undefined {
  const file = overlay.source.path
  const { language, project } = overlay
  const sourceFile = project === undefined ? 'portfolio.yaml' : `projects/${project}.yaml`
  const problem = languageProblem(file, language, sourceFile, context)
  if (problem) return problem
  if (project !== undefined && context.projectIds !== undefined && !context.projectIds.includes(project)) {
    const nearId = nearest(project, context.projectIds)
    const renamed = (id: string) => `projects/${id}.${language}.yaml`
    return createDiagnostic(
      'OVERLAY_UNKNOWN_PROJECT',
      at1(file),
      `"${file}" translates projects/${project}.yaml, which does not exist${nearId ? ` — did you mean "${renamed(nearId)}"?` : ''}`,
      nearId
        ? `Rename it to "${renamed(nearId)}".`
        : `Name it after a project file: ${context.projectIds.map(renamed).join(', ') || 'there are none'}.`,
    )
  }
  return undefined
}

/**
 * M4 for any translation file: its language (`language`, as its name writes it) is the default one
 * or one site.languages does not list. `file` names `sourceFile` with `.<language>` before the
 * extension (portfolio.fr.yaml, projects/a.fr.yaml, posts/b.fr.md).
 */
export function languageProblem(
  file: string,
  language: string,
  sourceFile: string,
  context: Pick<OverlayContext, 'defaultLanguage' | 'languages'>,
): Diagnostic | undefined {
  const suffix = `.${language}${sourceFile.slice(sourceFile.lastIndexOf('.'))}`
  const rename = (tag: string) => `${file.slice(0, -suffix.length)}${suffix.replace(`.${language}.`, `.${tag}.`)}`
  if (language === context.defaultLanguage)
    return createDiagnostic(
      'OVERLAY_UNKNOWN_LANGUAGE',
      at1(file),
      `"${file}" translates into "${language}", the default language (site.language)`,
      `Write the ${language} text in ${sourceFile} itself, and delete this file.`,
    )
  if (!context.languages.includes(language)) {
    const near = nearest(language, context.languages)
    const listed = context.languages.length ? `: it lists ${context.languages.join(', ')}` : ', which is not set'
    return createDiagnostic(
      'OVERLAY_UNKNOWN_LANGUAGE',
      at1(file),
      `"${file}" translates into "${language}", which site.languages does not list${near ? ` — did you mean "${rename(near)}"?` : ''}`,
      near ? `Rename it to "${rename(near)}".` : `Add ${language} to site.languages in portfolio.yaml${listed}.`,
    )
  }
  return undefined
}

export function problemDiagnostic(problem: OverlayProblem, parsed: ParsedDocument, sourceFile: string): Diagnostic {
  switch (problem.kind) {
    case 'unknown-key': {
      const near = didYouMean(problem.key, problem.translatable)
      return createDiagnostic(
        'OVERLAY_UNKNOWN_KEY',
        locatePointer(parsed, problem.overlay, 'key'),
        `"${problem.key}" is not a field of ${problem.where} in ${sourceFile}${near ? ` — d${near.slice(1)}` : ''}`,
        near ?? `These fields translate here: ${problem.translatable.join(', ')}.`,
      )
    }
    case 'not-in-source':
      return createDiagnostic(
        'OVERLAY_UNKNOWN_KEY',
        locatePointer(parsed, problem.overlay, 'key'),
        `"${problem.key}" is not in ${problem.where} of ${sourceFile}: a translation translates the fields the source has`,
        `Add "${problem.key}" to ${sourceFile} first, or delete it here.`,
      )
    case 'not-translatable':
      return createDiagnostic(
        'OVERLAY_NOT_TRANSLATABLE',
        locatePointer(parsed, problem.overlay, 'key'),
        `"${problem.key}" comes from the source (${sourceFile}); it is the same in every language`,
        `Delete it from the translation. These fields translate here: ${problem.translatable.join(', ')}.`,
      )
    case 'unknown-item':
      return createDiagnostic(
        'OVERLAY_UNKNOWN_ITEM',
        locatePointer(parsed, problem.overlay),
        `no entry of ${problem.where} in ${sourceFile} has ${problem.key}`,
        problem.keys.length
          ? `The entries are: ${problem.keys.join('; ')}.`
          : `Its entries have no key to match: add it to the entries of ${sourceFile} you translate.`,
      )
    case 'ambiguous-item':
      return createDiagnostic(
        'OVERLAY_UNKNOWN_ITEM',
        locatePointer(parsed, problem.overlay),
        `${problem.count} entries of ${problem.where} in ${sourceFile} have ${problem.key}: the translation cannot tell which it is`,
        `Give the entries of ${sourceFile} an id each, and name the one translated by its id.`,
      )
  }
}
