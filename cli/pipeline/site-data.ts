import path from 'node:path'
import { chatData } from '../../site/src/chat/index-path.ts'
import { projectCardsData, projectData } from '../../site/src/paths.ts'
import { entryKind, type Store } from '../cache/store.ts'
import { openSiteInPlace, type Outputs, type SiteInPlace } from '../cache/site-in-place.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { chatOverviewJson, chatPosts } from '../generate/chat-index.ts'
import { cardsJson } from '../generate/project-data.ts'
import { writePostData, writePostsIndex } from '../generate/post-data.ts'
import { sha256Hex } from '../sha256.ts'
import { writeFileAtomically } from '../write-atomically.ts'
import type { KeptProject } from './project-job.ts'
import type { ChatLanguage } from '../generate/chat-language.ts'
import type { PostSummary, RenderedPost } from '../content/content-types.ts'
import type { CompiledPortfolio } from '../compile/compile-project.ts'

/**
 * The site's runtime data (data/projects/<id>.json, data/chat/<id>.json, data/cards.json,
 * data/chat.json) taken from the site in place when it is what this build would write
 * (cache/site-in-place.ts), so a rebuild writes only the files an edit changed.
 *
 * A project's two files are recorded under its compiled entry's key (compile-cache.ts: the file's
 * path and text, the tool): whatever decides that its compile can be reused decides that they can.
 * The data file's record also holds what the build keeps of the project (its card, the chat's
 * summary, the compile's warnings), so an unchanged project's compiled entry is not even read. The
 * cards and the chat's overview are recorded under a hash of their own text, which the build
 * computes from the projects' records either way.
 */

/** What the manifest keeps with a case study's data file; the other data files keep nothing. */
export interface ProjectRecord {
  kept: KeptProject
  diagnostics: Diagnostic[]
}

export type DataInPlace = SiteInPlace<ProjectRecord | null>

const DATA = entryKind<Outputs<ProjectRecord | null>>('data')

/** The data files of the site in place `site`, to take into the site folder being assembled, `into`. */
export function dataInPlace(store: Store, site: string, into: string): DataInPlace {
  return openSiteInPlace({ store, site, into, kind: DATA })
}

/**
 * Links a project's data file and chat passages from the site in place when both were made from
 * `key`, and returns what the build keeps of it; undefined otherwise (the caller writes both, which
 * replaces a file linked here: writes are atomic, never through a link).
 */
export function takeProjectFiles(inPlace: DataInPlace, id: string, key: string): ProjectRecord | undefined {
  const data = inPlace.take(projectData.file(id), key)?.data
  if (!data || data.kept.id !== id) return undefined
  return inPlace.take(chatData.project.file(id), key) ? data : undefined
}

/** Records a project's data file and chat passages, written by this build from the compile kept under `key`. */
export function recordProjectFiles(
  inPlace: DataInPlace,
  key: string,
  kept: KeptProject,
  diagnostics: readonly Diagnostic[],
): void {
  inPlace.record(projectData.file(kept.id), key, kept.sha256, { kept, diagnostics: [...diagnostics] })
  inPlace.record(chatData.project.file(kept.id), key, kept.chatSha256, null)
}

/** What the pages are made from besides the app: a hash of each data file they read. */
export interface WrittenData {
  /** A hash of each case study's data file, by id. */
  projectHashes: Map<string, string>
  /** A hash of the project cards' file. */
  cardsHash: string
  /** A hash of each project's card, by id (what a technology page shows of it). */
  cardHashes: Map<string, string>
  /** A hash of every project's technologies, in order: what decides which technology pages exist. */
  techHash: string
  /** A hash of each post's data file (data/posts/<slug>.json), by slug. */
  postHashes: Map<string, string>
  /** A hash of data/posts.json (what /writing, the tag pages and the home page's latest posts read). */
  postsHash: string
  /** The chat overview's size in bytes: what the chat loads when it opens. */
  overviewBytes: number
  /** How many data files there are. */
  files: number
}

/**
 * Writes the project cards, the chat's overview and the posts' files (`posts`: the built posts of
 * posts/*.md, covers resolved; `listed`: data/posts.json's entries, writing.external's too) into
 * the site folder `siteDir`, beside the projects' files the project jobs wrote there (the cards and
 * overview taken from the site in place when their text is unchanged), and keeps the manifest of the data files.
 */
export function writeSiteData(
  siteDir: string,
  portfolio: CompiledPortfolio,
  projects: readonly KeptProject[],
  inPlace: DataInPlace | undefined,
  {
    posts = [],
    listed = posts,
    chat,
  }: { posts?: readonly RenderedPost[]; listed?: readonly PostSummary[]; chat?: ChatLanguage } = {},
): WrittenData {
  const cards = cardsJson(projects.map((project) => project.card))
  const overview = chatOverviewJson(
    portfolio,
    projects.map((project) => project.chat),
    chatPosts(listed, posts),
    chat,
  )
  for (const [file, text] of [
    [projectCardsData.file, cards],
    [chatData.overview.file, overview],
  ] as const) {
    const sha256 = sha256Hex(text)
    if (inPlace?.take(file, sha256)) continue
    writeFileAtomically(path.join(siteDir, file), text)
    inPlace?.record(file, sha256, sha256, null)
  }
  // Written whole each build: a post's data file is one serialisation of what its job gave.
  const postHashes = new Map(posts.map((post) => [post.slug, writePostData(siteDir, post).sha256]))
  // A site without posts has no index: its pages never ask for one (hasPosts is false).
  const postsHash = listed.length > 0 ? writePostsIndex(siteDir, listed) : 'no posts'
  inPlace?.save()
  return {
    postHashes,
    postsHash,
    projectHashes: new Map(projects.map((project) => [project.id, project.sha256])),
    cardsHash: sha256Hex(cards),
    cardHashes: new Map(projects.map((project) => [project.id, sha256Hex(cardsJson([project.card]))])),
    techHash: sha256Hex(JSON.stringify(projects.map((project) => [project.id, project.card.tech]))),
    overviewBytes: Buffer.byteLength(overview),
    files: 2 + (listed.length > 0 ? 1 : 0) + 2 * projects.length + posts.length,
  }
}
