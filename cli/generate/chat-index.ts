import path from 'node:path'
import {
  CHAT_DATA_FORMAT,
  type ChatOverviewFile,
  type PassageFile,
  type Place,
  type ProjectSummary,
} from '../../site/src/chat/search-config.ts'
import { languagePrefix } from '../../site/src/i18n/languages.ts'
import type { TextAnalysis } from '../../site/src/chat/text-analysis.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { PostSummary, RenderedPost } from '../content/content-types.ts'
import { defaultChatLanguage, type ChatLanguage } from './chat-language.ts'
import { listedPosts } from './post-data.ts'
import {
  portfolioPassages,
  postPassages,
  projectParts,
  projectTech,
  type ChatPortfolio,
  type ChatPost,
  type ChatProject,
  type PassageDraft,
} from './chat-passages.ts'
import { safeJson } from './project-data.ts'
import { sha256Hex } from '../sha256.ts'
import { writeFileAtomically } from '../write-atomically.ts'

/**
 * The chat's data, per language (a ChatLanguage: where its files go, how its text is cut into
 * terms; English, the default, when none is given): one small file of passages per project (data/chat/<id>.json) and an overview
 * (data/chat.json: the owner's passages and a summary of each project). The browser loads the
 * overview when the chat opens and a project's file when a question concerns that project, so an
 * edit rewrites one project's file (and the overview only when the project's summary changed), and
 * a visitor does not download every passage of a large portfolio. The texts are JSON that is safe
 * inside HTML (safeJson), like the other data files. Deterministic: passages in content order.
 */

/**
 * Passages as the file holds them: texts and titles by position, each place written once. A place's
 * URL is under the language's prefix (`/fr/projects/…` for French when it is not the default).
 */
function passageFile(passages: readonly PassageDraft[], language: ChatLanguage): PassageFile {
  const prefix = languagePrefix(language.tag, language.defaultLanguage)
  const places: Place[] = []
  const placeIds = new Map<string, number>()
  const texts: string[] = []
  const titles: string[] = []
  const placeOf: number[] = []
  for (const { text, title, ...written } of passages) {
    const place = prefix ? { ...written, url: `/${prefix}${written.url.replace(/^\//, '')}` } : written
    const key = JSON.stringify(place)
    let placeId = placeIds.get(key)
    if (placeId === undefined) {
      placeId = places.push(place) - 1
      placeIds.set(key, placeId)
    }
    texts.push(text)
    titles.push(title)
    placeOf.push(placeId)
  }
  return { format: CHAT_DATA_FORMAT, places, texts, titles, placeOf }
}

/** How many headline words a project's summary keeps: enough to tell it apart, few enough for a thousand projects. */
const KEYWORDS = 24

/** The words of a project's headlines, lowercase, each once, those of its title and stop words out; the first KEYWORDS. */
function headlineWords(headlines: readonly string[], title: string, analysis: TextAnalysis): string {
  const { tokenize, processTerm, lower } = analysis
  const titled = new Set(tokenize(lower(title)))
  const words = new Set<string>()
  for (const headline of headlines)
    for (const word of tokenize(lower(headline)))
      if (!titled.has(word) && processTerm(word) !== null && words.size < KEYWORDS) words.add(word)
  return [...words].join(' ')
}

/** Longest `about` in characters: the start of a description says what the project is. */
const ABOUT_LENGTH = 100

/** The first sentence of a project's description, cut at a word within ABOUT_LENGTH. */
function aboutOf(project: ChatProject): string {
  const description = project.description.replace(/\s+/g, ' ').trim()
  const sentence = /^.*?[.!?](?=\s|$)/.exec(description)?.[0] ?? description
  if (sentence.length <= ABOUT_LENGTH) return sentence
  const cut = sentence.slice(0, ABOUT_LENGTH)
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), ABOUT_LENGTH / 2)).replace(/[\s,;:]+$/, '')
}

/** One project's passage file and what the overview keeps of it, in `language`. Pure. */
export function projectChat(
  project: ChatProject,
  language: ChatLanguage = defaultChatLanguage,
): { json: string; summary: ProjectSummary } {
  const { passages, headlines } = projectParts(project, language.words)
  const json = safeJson(passageFile(passages, language))
  return {
    json,
    summary: {
      id: project.id,
      title: project.title,
      about: aboutOf(project),
      tech: projectTech(project),
      keywords: headlineWords(headlines, project.title, language.analysis),
    },
  }
}

/** The overview file's text: the owner's passages (and the newest posts'), and the projects' summaries, in content order, in `language`. */
export function chatOverviewJson(
  portfolio: ChatPortfolio,
  projects: readonly ProjectSummary[],
  posts: readonly ChatPost[] = [],
  language: ChatLanguage = defaultChatLanguage,
): string {
  const passages = [...portfolioPassages(portfolio, language.words), ...postPassages(posts, language.words)]
  const file: ChatOverviewFile = {
    ...passageFile(passages, language),
    owner: portfolio.owner.name.replace(/\s+/g, ' ').trim(),
    projects: [...projects],
  }
  return safeJson(file)
}

/** The posts as the chat reads them: the listed summaries (newest first), each with its outline when it is a post of posts/*.md. */
export function chatPosts(listed: readonly PostSummary[], posts: readonly RenderedPost[] = []): ChatPost[] {
  const outlines = new Map(posts.map((post) => [post.slug, post.outline]))
  return listed.map((summary) => {
    const outline = summary.external ? undefined : outlines.get(summary.slug)
    return outline ? { ...summary, outline } : summary
  })
}

/**
 * Every chat data file of compiled content held whole (generate, the dev server, tests), by path
 * under the site. `content`: compiled in `language` (its overlays applied), for a language's files.
 */
export function chatFilesOf(
  content: CompiledContent,
  language: ChatLanguage = defaultChatLanguage,
): { path: string; contents: string }[] {
  const paths = language.paths
  const projects = content.projects.map((project) => ({ id: project.id, ...projectChat(project, language) }))
  return [
    {
      path: paths.overview.file,
      contents: chatOverviewJson(
        content.portfolio,
        projects.map((p) => p.summary),
        chatPosts(listedPosts(content), content.posts),
        language,
      ),
    },
    ...projects.map((p) => ({ path: paths.project.file(p.id), contents: p.json })),
  ]
}

/**
 * Writes one project's passage file into the site folder `siteDir` (data/chat/<id>.json; a language's
 * folder is its own site folder) as the project is compiled, and returns
 * its summary (what the build keeps of it until the overview is written) and the file's hash.
 * Synchronous: the checks call it for each project as it is compiled (load the language first).
 */
export function writeProjectChat(
  siteDir: string,
  project: ChatProject,
  language: ChatLanguage = defaultChatLanguage,
): { summary: ProjectSummary; sha256: string } {
  const { json, summary } = projectChat(project, language)
  writeFileAtomically(path.join(siteDir, language.paths.project.file(summary.id)), json)
  return { summary, sha256: sha256Hex(json) }
}
