import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { nearest } from '../../diagnostics/suggest.ts'
import { checkPostBody, postDocument } from '../check-post.ts'
import { splitFrontMatter } from '../front-matter.ts'
import type { OverlaySource } from '../load-sources.ts'
import { parseYaml } from '../parse-yaml.ts'
import type { InternalLink } from '../rules/markdown.ts'
import { validateSchema } from '../validate-schema.ts'
import {
  type CheckedOverlay,
  languageProblem,
  type OverlayContext,
  problemDiagnostic,
  sourceSchema,
} from './check-overlays.ts'
import { matchOverlay } from './match-overlay.ts'

export interface PostOverlayContext extends Pick<OverlayContext, 'defaultLanguage' | 'languages'> {
  /** Each post's front matter by file (posts/<slug>.md), for the posts whose front matter is a mapping. */
  sources: ReadonlyMap<string, unknown>
  /** Every post file's slug; undefined when posts/ could not be listed (nothing is said about them). */
  postSlugs: readonly string[] | undefined
}

/**
 * Each post translation's own checks, posts/<slug>.<tag>.md: its name names a language of
 * site.languages and a post that has a file (M4); it has a front matter block, whose YAML parses and
 * passes the overlay schema derived from post.schema.json (the values' types), holding only the
 * post's translatable fields (M1, M2: title, summary, cover.alt); and its markdown, which replaces
 * the source's whole, gets the rules of a post's text (raw HTML, links, anchors against its own
 * headings, diagrams). A text left empty is not translated: the source's is shown.
 */
export function checkPostOverlays(
  overlays: readonly OverlaySource[],
  context: PostOverlayContext,
): { diagnostics: Diagnostic[]; checked: CheckedOverlay[]; links: InternalLink[] } {
  const diagnostics: Diagnostic[] = []
  const checked: CheckedOverlay[] = []
  const links: InternalLink[] = []
  for (const overlay of overlays) {
    const file = overlay.source.path
    const slug = overlay.post as string
    const sourceFile = `posts/${slug}.md`
    const nameProblem =
      languageProblem(file, overlay.language, sourceFile, context) ?? missingPost(file, slug, overlay.language, context)
    if (nameProblem) {
      diagnostics.push(nameProblem)
      continue
    }
    const split = splitFrontMatter(file, overlay.source.text)
    if ('diagnostic' in split) {
      diagnostics.push(split.diagnostic)
      continue
    }
    // A block with nothing in it (a translation of the text alone) has no fields: not YAML's "empty document".
    const empty = split.yaml.replace(/^---[ \t]*\r?\n?/, '').trim() === ''
    const yaml = empty ? undefined : parseYaml({ path: file, text: split.yaml })
    if (yaml) diagnostics.push(...yaml.diagnostics)
    const parsed = postDocument(overlay.source, yaml?.parsed)
    const data = empty ? {} : parsed.data
    const own: Diagnostic[] = []
    if (!empty && data !== undefined)
      // An unknown key is the match's to explain (M1, M2): the schema would call both alike.
      own.push(...validateSchema(parsed, 'post.overlay').filter((d) => d.code !== 'SCHEMA_UNKNOWN_KEY'))
    const source = context.sources.get(sourceFile)
    const match =
      source === undefined || data === undefined ? undefined : matchOverlay(sourceSchema('post'), source, data)
    own.push(...(match?.problems ?? []).map((problem) => problemDiagnostic(problem, parsed, sourceFile)))
    const translated = split.body.trim() !== ''
    if (translated) own.push(...checkPostBody(parsed, split.body, split.bodyOffset, links))
    diagnostics.push(...own)
    if (!match) continue
    const line = overlay.source.text.slice(0, split.bodyOffset).split('\n').length
    checked.push({
      file,
      sourceFile,
      language: overlay.language,
      fields: match.fields,
      parsed,
      ...(translated ? { body: { text: split.body, line, offset: split.bodyOffset } } : {}),
    })
  }
  return { diagnostics, checked, links }
}

/** M4: the post it translates has no file. */
function missingPost(
  file: string,
  slug: string,
  language: string,
  context: PostOverlayContext,
): Diagnostic | undefined {
  const slugs = context.postSlugs
  if (slugs === undefined || slugs.includes(slug)) return undefined
  const near = nearest(slug, slugs)
  const renamed = (other: string) => `posts/${other}.${language}.md`
  return createDiagnostic(
    'OVERLAY_UNKNOWN_POST',
    { file, start: { line: 1, column: 1 } },
    `"${file}" translates posts/${slug}.md, which does not exist${near ? ` — did you mean "${renamed(near)}"?` : ''}`,
    near
      ? `Rename it to "${renamed(near)}".`
      : `Name it after a post file: ${slugs.map(renamed).join(', ') || 'there are none'}.`,
  )
}
