import { checkAndCompile, type CompileMemo } from '../pipeline/check-and-compile.ts'
import { encodeInThread } from '../pipeline/jobs.ts'
import type { Store } from '../cache/store.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { CheckResult } from '../content/check-content.ts'
import type { ProjectCard, RenderedProject } from '../content/content-types.ts'
import { chatOverviewJson, chatPosts, projectChat } from '../generate/chat-index.ts'
import { generateContentModules } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { browserProject, projectCard, projectCards, type BrowserProject } from '../generate/project-data.ts'
import { writeFiles } from '../generate/write-files.ts'
import { listedPosts, postDataJson, postsJson } from '../generate/post-data.ts'
import { withCompiledMedia } from '../media/build-media.ts'
import { FILES_KIND } from '../media/encode-job.ts'
import type { FeedDocuments } from '../feeds/feed-documents.ts'
import { feedsOf } from '../pipeline/writing-outputs.ts'

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
  /** A case study as the browser loads it, from the last valid content; undefined for an unknown id. */
  project(id: string): BrowserProject | undefined
  /** The project cards of the last valid content; undefined before there is any. */
  cards(): ProjectCard[] | undefined
  /** data/posts.json of the last valid content (drafts listed, with draft: true); undefined before there is any. */
  postsIndex(): string | undefined
  /** data/posts/<slug>.json of the last valid content (a draft's too); undefined for an unknown slug. */
  post(slug: string): string | undefined
  /**
   * A feed of the last valid content (feed.xml, rss.xml or feed.json) as a build at / writes it
   * (never a draft); undefined when there is no post to list or before there is content.
   */
  feed(format: keyof FeedDocuments): string | undefined
  /** The chat's overview of the last valid content (data/chat.json); undefined before there is any. */
  chatOverview(): string | undefined
  /** One project's chat passages (data/chat/<id>.json); undefined for an unknown id or before there is content. */
  chatProject(id: string): string | undefined
  /** The file of a variant of the content's images (media/<name>) in the store; undefined when there is none by that name. */
  mediaFile(name: string): string | undefined
}

export function openContentSession(root: string, generatedDir: string, store: Store | false): ContentSession {
  const memo: CompileMemo = { files: new Map(), projects: new Map(), posts: new Map() }
  // The variants of the last valid content's images, by file name: served from the store.
  let mediaFiles = new Map<string, number>()
  let types: Promise<string> | undefined
  let content: CompiledContent | undefined
  let byId = new Map<string, RenderedProject>()
  let cards: ProjectCard[] | undefined
  let overview: string | undefined
  // The posts' data files of the last valid content, made once per run (their text is compared to
  // tell the open pages what changed), and its feeds, made on request.
  let posts: PostFiles = { index: undefined, bySlug: new Map() }
  let feeds: FeedDocuments | null | undefined
  // Made on request, per compiled project: a project not checked again is the same object, so an
  // edit to one project makes only its own file again.
  const chats = new WeakMap<RenderedProject, ReturnType<typeof projectChat>>()
  const chatOf = (project: RenderedProject) => {
    let made = chats.get(project)
    if (!made) chats.set(project, (made = projectChat(project)))
    return made
  }

  return {
    async update() {
      const before = new Map(memo.projects)
      // Drafts are built here, and only here: the author sees them before they are published.
      const checked = await checkAndCompile(root, { memo, store, drafts: true })
      const redone = [...memo.projects].filter(([file, kept]) => before.get(file) !== kept).length
      const counts = { redone, reused: memo.projects.size - redone }
      // A compile's problems (a diagram that cannot be drawn) join the checks', as `generate` reports them.
      const diagnostics = [...checked.diagnostics, ...checked.compileDiagnostics]
      const report = { diagnostics, sources: checked.sources, fileCount: checked.fileCount, ...counts }
      if (!checked.compiled)
        return {
          ...report,
          compiled: false,
          written: [],
          changedProjects: [],
          cardsChanged: false,
          postsChanged: false,
        }
      const resolved = await withCompiledMedia(checked.compiled, {
        root,
        store: store || undefined,
        encode: encodeInThread,
      })
      const next = resolved.content
      mediaFiles = new Map([...resolved.images.values()].flatMap((image) => image.files.map((f) => [f.name, f.size])))
      types ??= generateTypes()
      const modules = generateContentModules(
        next,
        await types,
        checked.catalogues ? { catalogues: checked.catalogues } : {},
      )
      const written = await writeFiles(generatedDir, modules)
      const changes = changesBetween(content, next)
      content = next
      byId = new Map(next.projects.map((project) => [project.id, project]))
      cards = undefined
      overview = undefined
      const nextPosts = postFilesOf(next)
      const postsChanged = !samePostFiles(posts, nextPosts)
      posts = nextPosts
      feeds = undefined
      return { ...report, compiled: true, written, ...changes, postsChanged }
    },
    project(id) {
      const project = byId.get(id)
      return project && browserProject(project)
    },
    cards() {
      if (content) cards ??= projectCards(content)
      return cards
    },
    chatOverview() {
      if (content)
        overview ??= chatOverviewJson(
          content.portfolio,
          content.projects.map((project) => chatOf(project).summary),
          chatPosts(listedPosts(content), content.posts),
        )
      return overview
    },
    chatProject(id) {
      const project = byId.get(id)
      return project && chatOf(project).json
    },
    postsIndex() {
      return posts.index
    },
    post(slug) {
      return posts.bySlug.get(slug)
    },
    feed(format) {
      if (content && feeds === undefined)
        feeds = feedsOf(content.posts ?? [], listedPosts(content), content.portfolio, '/') ?? null
      return feeds?.[format]
    },
    mediaFile(name) {
      const size = mediaFiles.get(name)
      return store && size !== undefined ? store.getFile(FILES_KIND, name, size) : undefined
    },
  }
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

/** The posts' data files of a valid content: data/posts.json and each data/posts/<slug>.json, by slug. */
interface PostFiles {
  index: string | undefined
  bySlug: Map<string, string>
}

function postFilesOf(content: CompiledContent): PostFiles {
  return {
    index: postsJson(listedPosts(content)),
    bySlug: new Map((content.posts ?? []).map((post) => [post.slug, postDataJson(post)])),
  }
}

function samePostFiles(a: PostFiles, b: PostFiles): boolean {
  if (a.index !== b.index || a.bySlug.size !== b.bySlug.size) return false
  for (const [slug, json] of a.bySlug) if (b.bySlug.get(slug) !== json) return false
  return true
}

const cardText = (project: RenderedProject | undefined) => project && JSON.stringify(projectCard(project))
