import { techSlug } from '../../../site/src/technologies.ts'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer, valueAt } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import { didYouMean } from '../../diagnostics/suggest.ts'
import type { ParsedDocument } from '../parse-yaml.ts'

/** A post as the rules across files take it: its checked front matter now, its document on first use. */
export interface PostDocument {
  /** posts/<slug>.md: the slug is the file name (load-sources.ts allows only kebab-case names). */
  path: string
  readonly parsed: ParsedDocument
  data: Record<string, unknown>
}

/** The slug of a post file: its name without .md. */
export const postSlug = (file: string): string => file.replace(/^posts\//, '').replace(/\.md$/, '')

/** Today's date, "YYYY-MM-DD", where the build runs: what "in the future" means to the author. */
export function todayDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * The rules across posts (in file order) and the projects: each related project has a file
 * (`projectIds` undefined when projects/ could not be listed: nothing to compare with), each tag is
 * spelled one way, and a post published after `today` ("YYYY-MM-DD", a parameter so the rule does
 * not depend on the day it runs) is a warning.
 */
export function checkPosts(
  posts: readonly PostDocument[],
  projectIds: readonly string[] | undefined,
  today: string,
): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const post of posts) {
    if (projectIds) out.push(...checkRelatedProjects(post, projectIds))
    const published = post.data.published
    if (typeof published === 'string' && published > today)
      out.push(
        createDiagnostic(
          'POST_FUTURE_DATE',
          locatePointer(post.parsed, '/published'),
          `published "${published}" is in the future (today is ${today})`,
          undefined,
          'warning',
        ),
      )
  }
  out.push(...checkTagSpellings(posts))
  return out
}

function checkRelatedProjects(post: PostDocument, projectIds: readonly string[]): Diagnostic[] {
  const related = post.data.projects
  if (!Array.isArray(related)) return []
  return related.flatMap((id: unknown, i) =>
    typeof id !== 'string' || projectIds.includes(id)
      ? []
      : [
          createDiagnostic(
            'POST_UNKNOWN_PROJECT',
            locatePointer(post.parsed, encodePointer(['projects', i])),
            `projects lists "${id}", which has no file projects/${id}.yaml`,
            didYouMean(id, projectIds) ?? `Choose among: ${projectIds.join(', ')}.`,
          ),
        ],
  )
}

/**
 * Two spellings of one tag: the same letters and digits whatever the case and punctuation
 * (`Node.js`, `nodejs`, `node-js`), or the same page (`C#` and `C sharp`: techSlug makes a tag's
 * URL). Reported at the second spelling met, naming the first.
 */
function checkTagSpellings(posts: readonly PostDocument[]): Diagnostic[] {
  const out: Diagnostic[] = []
  const first = new Map<string, { tag: string; post: PostDocument; index: number }>()
  for (const post of posts) {
    const tags = valueAt(post.data, ['tags'])
    if (!Array.isArray(tags)) continue
    tags.forEach((tag: unknown, index) => {
      if (typeof tag !== 'string') return
      const keys = [`letters:${tag.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')}`, `page:${techSlug(tag)}`]
      const seen = keys.map((key) => first.get(key)).find((known) => known !== undefined)
      if (!seen) {
        for (const key of keys) first.set(key, { tag, post, index })
        return
      }
      if (seen.tag === tag) return
      const there = locatePointer(seen.post.parsed, encodePointer(['tags', seen.index])).start
      out.push(
        createDiagnostic(
          'POST_TAG_SPELLING',
          locatePointer(post.parsed, encodePointer(['tags', index])),
          `tag "${tag}" is spelled "${seen.tag}" in ${seen.post.path}:${there.line}:${there.column}`,
          `Write "${seen.tag}": one tag, one spelling, one page (/writing/tags/${techSlug(seen.tag)}).`,
        ),
      )
    })
  }
  return out
}

/**
 * Every slug of resume.publications names a post file that the build publishes: not a draft
 * (`drafts`, by slug), which a build leaves out.
 */
export function checkResumePublications(
  portfolio: ParsedDocument,
  postSlugs: readonly string[],
  drafts: ReadonlySet<string>,
): Diagnostic[] {
  const listed = valueAt(portfolio.data, ['resume', 'publications'])
  if (!Array.isArray(listed)) return []
  return listed.flatMap((slug: unknown, i) => {
    if (typeof slug !== 'string') return []
    const at = () => locatePointer(portfolio, encodePointer(['resume', 'publications', i]))
    if (drafts.has(slug))
      return [
        createDiagnostic(
          'RESUME_UNKNOWN_POST',
          at(),
          `resume.publications lists "${slug}", a draft: a build does not publish it`,
          `Remove draft: true from posts/${slug}.md, or remove "${slug}" from resume.publications.`,
        ),
      ]
    if (postSlugs.includes(slug)) return []
    return [
      createDiagnostic(
        'RESUME_UNKNOWN_POST',
        at(),
        `resume.publications lists "${slug}", which has no file posts/${slug}.md`,
        didYouMean(slug, postSlugs) ?? `Posts: ${postSlugs.join(', ') || 'none'}.`,
      ),
    ]
  })
}
