import type { CompiledContent } from '../compile/compile-content.ts'
import type { ProjectCard } from '../content/content-types.ts'
import type { CompiledCaseStudy } from '../compile/compile-project.ts'
import type { FeedDocuments } from '../feeds/feed-documents.ts'
import { chatOverviewJson, chatPosts, projectChat } from '../generate/chat-index.ts'
import { defaultChatLanguage, type ChatLanguage } from '../generate/chat-language.ts'
import { listedPosts, postDataJson, postsJson } from '../generate/post-data.ts'
import { browserProject, projectCards, type BrowserProject } from '../generate/project-data.ts'

/**
 * The data files of one language's valid content, as a build writes them into its folder (data/… for
 * the default language, <tag>/data/… for another), made from the compiled content in memory on
 * request; the data routes answer them (data-routes.ts).
 */
export interface ContentView {
  /** A case study as the browser loads it; undefined for an unknown id. */
  project(id: string): BrowserProject | undefined
  /** The project cards (data/cards.json). */
  cards(): ProjectCard[]
  /** data/posts.json (drafts listed, with draft: true). */
  postsIndex(): string | undefined
  /** data/posts/<slug>.json (a draft's too); undefined for an unknown slug. */
  post(slug: string): string | undefined
  /** A feed (feed.xml, rss.xml or feed.json) as a build writes it (never a draft); undefined when there is none. */
  feed(format: keyof FeedDocuments): string | undefined
  /** The chat's overview (data/chat.json). */
  chatOverview(): string
  /** One project's chat passages (data/chat/<id>.json); undefined for an unknown id. */
  chatProject(id: string): string | undefined
}

/** The posts' data files of a valid content: data/posts.json and each data/posts/<slug>.json, by slug. */
export interface PostFiles {
  index: string | undefined
  bySlug: Map<string, string>
}

export function postFilesOf(content: CompiledContent): PostFiles {
  return {
    index: postsJson(listedPosts(content)),
    bySlug: new Map((content.posts ?? []).map((post) => [post.slug, postDataJson(post)])),
  }
}

export function samePostFiles(a: PostFiles, b: PostFiles): boolean {
  if (a.index !== b.index || a.bySlug.size !== b.bySlug.size) return false
  for (const [slug, json] of a.bySlug) if (b.bySlug.get(slug) !== json) return false
  return true
}

/** Each project's chat file and summary, made once per compiled project object. */
export type ChatMemo = WeakMap<CompiledCaseStudy, ReturnType<typeof projectChat>>

export interface ContentViewOptions {
  /** The language the chat's passages are cut in: the default's unless given. */
  chat?: ChatLanguage
  /** The posts' files, when the caller made them already (to compare them with the last run's). */
  posts?: PostFiles
  /** The content's feeds, made on the first request for one. */
  feeds: () => FeedDocuments | undefined
  /**
   * Kept across runs by the caller: a project not checked again is the same object, so an edit to
   * one project makes only its own chat file again.
   */
  chats?: ChatMemo
}

/** The data files of `content`, each made on its first request and kept. */
export function contentView(content: CompiledContent, options: ContentViewOptions): ContentView {
  const chat = options.chat ?? defaultChatLanguage
  const chats: ChatMemo = options.chats ?? new WeakMap()
  const byId = new Map(content.projects.map((project) => [String(project.id), project]))
  const posts = options.posts ?? postFilesOf(content)
  let cards: ProjectCard[] | undefined
  let overview: string | undefined
  let feeds: FeedDocuments | null | undefined
  const chatOf = (project: CompiledCaseStudy) => {
    let made = chats.get(project)
    if (!made) chats.set(project, (made = projectChat(project, chat)))
    return made
  }
  return {
    project(id) {
      const project = byId.get(id)
      return project && browserProject(project)
    },
    cards() {
      cards ??= projectCards(content)
      return cards
    },
    postsIndex: () => posts.index,
    post: (slug) => posts.bySlug.get(slug),
    feed(format) {
      if (feeds === undefined) feeds = options.feeds() ?? null
      return feeds?.[format]
    },
    chatOverview() {
      overview ??= chatOverviewJson(
        content.portfolio,
        content.projects.map((project) => chatOf(project).summary),
        chatPosts(listedPosts(content), content.posts),
        chat,
      )
      return overview
    },
    chatProject(id) {
      const project = byId.get(id)
      return project && chatOf(project).json
    },
  }
}
