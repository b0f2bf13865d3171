import { checkAndCompile } from '../pipeline/check-and-compile.ts'
import { encodeInThread } from '../pipeline/jobs.ts'
import { openFileDigests } from '../cache/file-digests.ts'
import { memoryStore } from '../cache/memory-store.ts'
import type { Store } from '../cache/store.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { CheckResult } from '../content/check-content.ts'
import type { CompiledCaseStudy } from '../compile/compile-project.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import { generateContentModules } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { projectCard } from '../generate/project-data.ts'
import { writeFiles } from '../generate/write-files.ts'
import { listedPosts } from '../generate/post-data.ts'
import { withCompiledMedia } from '../media/build-media.ts'
import { FILES_KIND } from '../media/encode-job.ts'
import { languageRoutes } from '../pipeline/language-routes.ts'
import { listRoutes, type Route } from '../pipeline/list-routes.ts'
import { feedsOf } from '../pipeline/writing-outputs.ts'
import { techPages } from '../../site/src/technologies.ts'
import {
  contentView,
  postFilesOf,
  samePostFiles,
  type ChatMemo,
  type ContentView,
  type PostFiles,
} from './content-view.ts'
import { compileLanguageView, type LanguageView } from './language-view.ts'

/** What one run of the dev server's content found and changed. */
export interface ContentRun extends Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'> {
  /** True when the content is valid and compiled: the site shows this content. */
  compiled: boolean
  /** Content modules (files of the generated folder, which the site imports) that changed on disk. */
  written: string[]
  /** Case studies whose data changed, appeared or went since the last good content. */
  changedProjects: string[]
  /** True when the project cards (the home page's list) changed. */
  cardsChanged: boolean
  /** True when the posts index or a post's data (data/posts.json, data/posts/<slug>.json) changed. */
  postsChanged: boolean
  /**
   * The languages other than the default whose content changed (an overlay, or a source they show):
   * their open pages load again, since a page carries its language's portfolio.
   */
  changedLanguages: string[]
  /** Project files checked (and compiled) in this run; the others had the same text as in the last run. */
  redone: number
  /** Project files whose result from the last run was taken as it was. */
  reused: number
}

/**
 * The content of one dev session, held in memory between runs: each run reads only the files whose
 * stat changed, checks and compiles only the project files whose text changed (the rest keep their
 * result from the last run), and writes only the content modules the site imports (content.ts, chat.ts,
 * types.ts). Case studies, cards and the chat's passages are served from memory (data-routes.ts).
 */
export interface ContentSession {
  /** Reads, checks and compiles what changed since the last run. Throws when the content cannot be read at all. */
  update(): Promise<ContentRun>
  /** The default language's data files of the last valid content; undefined before there is any. */
  view(): ContentView | undefined
  /** A language of site.languages other than the default, of the last valid content; undefined for any other tag. */
  language(tag: string): LanguageView | undefined
  /**
   * Every page of the last valid content by language, the default's first, each with its hreflang set
   * as the build gives it (languageRoutes); a one-language site's pages have no language. Undefined
   * before there is content.
   */
  routes(): ReadonlyMap<string, readonly Route[]> | undefined
  /** The file of a variant of the content's images (media/<name>) in the store; undefined when there is none by that name. */
  mediaFile(name: string): string | undefined
}

export function openContentSession(root: string, generatedDir: string, store: Store): ContentSession {
  // What the last run read and made, by file: what an unchanged file is taken from.
  const memo = memoryStore()
  // The session's file digests: a file whose stat is unchanged is not hashed again in the next run.
  const digests = openFileDigests(store)
  // The variants of the last valid content's images, by file name: served from the store.
  let mediaFiles = new Map<string, number>()
  let types: Promise<string> | undefined
  let content: CompiledContent | undefined
  let view: ContentView | undefined
  // The posts' data files of the last valid content, made once per run: their text is compared to
  // tell the open pages what changed.
  let posts: PostFiles = { index: undefined, bySlug: new Map() }
  const chats: ChatMemo = new WeakMap()
  let routes: Map<string, Route[]> | undefined
  // Each language's view, and the text of the content it was made from: a language whose merged
  // content and images are as they were is not compiled again.
  let languages = new Map<string, { made: string; view: LanguageView }>()

  return {
    async update() {
      // Drafts are built here, and only here: the author sees them before they are published.
      const checked = await checkAndCompile(root, { memo, store, digests, drafts: true })
      memo.prune() // what this run did not use: files removed, texts edited away
      // A compile's problems (a diagram that cannot be drawn) join the checks', as `generate` reports them.
      const diagnostics = [...checked.diagnostics, ...checked.compileDiagnostics]
      const report = { diagnostics, sources: checked.sources, fileCount: checked.fileCount, ...checked.projectFiles }
      if (!checked.compiled)
        return {
          ...report,
          compiled: false,
          written: [],
          changedProjects: [],
          cardsChanged: false,
          postsChanged: false,
          changedLanguages: [],
        }
      const resolved = await withCompiledMedia(checked.compiled, { root, store, digests, encode: encodeInThread })
      digests.save()
      const next = resolved.content
      mediaFiles = new Map([...resolved.images.values()].flatMap((image) => image.files.map((f) => [f.name, f.size])))
      // Made before anything is replaced: a language that fails to compile leaves the last valid content served.
      const defaultLanguage = next.portfolio.site.language ?? 'en'
      const nextLanguages = await languageViews(checked.languages ?? [], languages, {
        root,
        store,
        digests,
        encode: encodeInThread,
        compiled: checked.compiled,
        defaultLanguage,
        images: [...mediaFiles.keys()].join('\n'),
        catalogues: checked.catalogues,
      })
      types ??= generateTypes()
      const modules = generateContentModules(
        next,
        await types,
        checked.catalogues ? { catalogues: checked.catalogues } : {},
      )
      const written = await writeFiles(generatedDir, modules)
      const changes = changesBetween(content, next)
      content = next
      const nextPosts = postFilesOf(next)
      const postsChanged = !samePostFiles(posts, nextPosts)
      posts = nextPosts
      view = contentView(next, {
        posts,
        chats,
        feeds: () => feedsOf(next.posts ?? [], listedPosts(next), next.portfolio, '/'),
      })
      const changedLanguages = [...nextLanguages]
        .filter(([tag, made]) => languages.get(tag) !== made)
        .map(([tag]) => tag)
      languages = nextLanguages
      routes = languageRoutes(
        listRoutes(
          next.projects.map((project) => project.id),
          techPages(next.projects),
          listedPosts(next),
        ),
        checked.languages ?? [],
        defaultLanguage,
      )
      return { ...report, compiled: true, written, ...changes, postsChanged, changedLanguages }
    },
    view: () => view,
    language: (tag) => languages.get(tag)?.view,
    routes: () => routes,
    mediaFile(name) {
      const size = mediaFiles.get(name)
      return size === undefined ? undefined : store.getFile(FILES_KIND, name, size)
    },
  }
}

/**
 * Each language's view of the new content: the last one kept where the language's merged content,
 * the images it resolves and its words did not change, the others compiled again.
 */
async function languageViews(
  localized: readonly LanguageContent[],
  last: ReadonlyMap<string, { made: string; view: LanguageView }>,
  input: Parameters<typeof compileLanguageView>[1] & { images: string; catalogues?: ReadonlyMap<string, unknown> },
): Promise<Map<string, { made: string; view: LanguageView }>> {
  const views = new Map<string, { made: string; view: LanguageView }>()
  for (const language of localized) {
    // Its words too (i18n/<tag>.yaml): its pages load them once, at start.
    const words = JSON.stringify(input.catalogues?.get(language.language) ?? null)
    const made = `${JSON.stringify(language)}\0${input.images}\0${words}`
    const kept = last.get(language.language)
    views.set(
      language.language,
      kept?.made === made ? kept : { made, view: await compileLanguageView(language, input) },
    )
  }
  return views
}

/**
 * The case studies and cards that differ between two valid contents. A project whose file was not
 * checked again is the same object in both, so only the redone ones are compared.
 */
function changesBetween(
  previous: CompiledContent | undefined,
  next: CompiledContent,
): Pick<ContentRun, 'changedProjects' | 'cardsChanged'> {
  const old = new Map((previous?.projects ?? []).map((project) => [String(project.id), project]))
  const ids = (content: CompiledContent | undefined) =>
    content?.projects.map((project) => String(project.id)).join('\n')
  let cardsChanged = !previous || ids(previous) !== ids(next)
  const changedProjects: string[] = []
  for (const project of next.projects) {
    const id = String(project.id)
    const was = old.get(id)
    old.delete(id)
    if (was === project) continue
    changedProjects.push(id)
    cardsChanged ||= cardText(was) !== cardText(project)
  }
  // What is left of the old projects went.
  changedProjects.push(...old.keys())
  return { changedProjects, cardsChanged }
}

const cardText = (project: CompiledCaseStudy | undefined) => project && JSON.stringify(projectCard(project))
