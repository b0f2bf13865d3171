import { pageBase } from './page-base.ts'
import { createContext, use, useContext } from 'react'
import { contentVersion } from './content-version.ts'
import type { PostSummary, ProjectCard, RenderedPost } from './generated/types.ts'
import { postData, postsData } from './paths.ts'
import { LATEST_POSTS, postsAbout } from './writing.ts'

/**
 * The posts are data, not code (as the project cards and case studies are): the build writes the
 * index to data/posts.json and each post to data/posts/<slug>.json, so the bundle does not change
 * when a post does. Each is loaded once per page life; a prerendered page carries what it shows
 * (page-data.ts), so hydrating it needs no request.
 */

/** The posts index (newest first) in a server render; the built site's data/posts.json in the browser. */
export type PostsSource = () => Promise<PostSummary[]>

/** A post of posts/*.md by slug; null when there is none. */
export type PostSource = (slug: string) => Promise<RenderedPost | null>

/** A post ready to render: its data, its text in parts (HTML between the diagrams the build drew). */
export interface PostView {
  post: RenderedPost
}

/** What one page knows of the posts: the index and the posts it loaded, and the parts of the index
 * a prerendered page carried (the home page's newest posts, a case study's posts about it). */
export interface Writing {
  loadIndex(): Promise<PostSummary[]>
  /** The index once loaded, else undefined. */
  index(): PostSummary[] | undefined
  provideIndex(list: PostSummary[]): void
  loadPost(slug: string): Promise<PostView | null>
  /** The loaded post (null: no such post), or undefined while it is not loaded. */
  post(slug: string): PostView | null | undefined
  providePost(view: PostView): void
  /** The newest posts as the home page carried them. */
  latest?: PostSummary[]
  /** The posts about a project as its case study carried them, by project id. */
  about: Map<string, PostSummary[]>
  /** The cards of a post's related projects as its page carried them, by post slug. */
  related: Map<string, ProjectCard[]>
  forget(): void
}

export function writing(posts: PostsSource, post: PostSource): Writing {
  let index: PostSummary[] | undefined
  let pending: Promise<PostSummary[]> | undefined
  const views = new Map<string, { promise: Promise<PostView | null>; value?: PostView | null }>()
  const self: Writing = {
    loadIndex() {
      pending ??= posts().then(
        (list) => (index = list),
        (error: unknown) => {
          pending = undefined // a later navigation tries again
          throw error
        },
      )
      return pending
    },
    index: () => index,
    provideIndex(list) {
      index = list
      pending = Promise.resolve(list)
    },
    loadPost(slug) {
      const cached = views.get(slug)
      if (cached) return cached.promise
      const entry: { promise: Promise<PostView | null>; value?: PostView | null } = {
        promise: post(slug).then(
          (data) => (entry.value = data ? { post: data } : null),
          (error: unknown) => {
            views.delete(slug)
            throw error
          },
        ),
      }
      views.set(slug, entry)
      return entry.promise
    },
    post: (slug) => views.get(slug)?.value,
    providePost(view) {
      views.set(view.post.slug, { promise: Promise.resolve(view), value: view })
    },
    about: new Map(),
    related: new Map(),
    forget() {
      pending = undefined
      index = undefined
      views.clear()
      self.latest = undefined
      self.about.clear()
      self.related.clear()
    },
  }
  return self
}

const fetchPosts: PostsSource = async () => {
  const response = await fetch(postsData.url(pageBase()))
  // A site without posts has no index: an empty list, not an error.
  if (response.status === 404) return []
  if (!response.ok) throw new Error(`The posts could not be loaded (HTTP ${response.status}).`)
  return (await response.json()) as PostSummary[]
}

const fetchPost: PostSource = async (slug) => {
  const response = await fetch(postData.url(pageBase(), slug))
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`The post "${slug}" could not be loaded (HTTP ${response.status}).`)
  return (await response.json()) as RenderedPost
}

/** The browser's posts, for the life of the page. */
export const browserWriting = writing(fetchPosts, fetchPost)

/** The posts a render reads. A server render provides its own, so renders at the same time never share them. */
export const WritingContext = createContext<Writing>(browserWriting)

export const loadPostsIndex = (): Promise<PostSummary[]> => browserWriting.loadIndex()

export const loadPost = (slug: string): Promise<PostView | null> => browserWriting.loadPost(slug)

/** Bumped when the dev server's posts change, so pages showing them load them afresh. */
const postsVersion = contentVersion()

if (import.meta.hot) {
  import.meta.hot.on('portfolio:posts-changed', () => {
    browserWriting.forget()
    postsVersion.bump()
  })
}

/** The index, suspending while it loads. */
export function usePostsIndex(): PostSummary[] {
  postsVersion.useVersion()
  const posts = useContext(WritingContext)
  return posts.index() ?? use(posts.loadIndex())
}

/** The home page's newest posts: what the page carried, else the index's first. */
export function useLatestPosts(): PostSummary[] {
  postsVersion.useVersion()
  const posts = useContext(WritingContext)
  if (posts.latest) return posts.latest
  return (posts.index() ?? use(posts.loadIndex())).slice(0, LATEST_POSTS)
}

/** The posts about a project (its case study lists them): what the page carried, else from the index. */
export function usePostsAbout(projectId: string): PostSummary[] {
  postsVersion.useVersion()
  const posts = useContext(WritingContext)
  const carried = posts.about.get(projectId)
  if (carried) return carried
  return postsAbout(posts.index() ?? use(posts.loadIndex()), projectId)
}

/** A post, suspending while it loads; a load error goes to the route error boundary. */
export function usePostView(slug: string): PostView | null {
  postsVersion.useVersion()
  const posts = useContext(WritingContext)
  const value = posts.post(slug)
  return value !== undefined ? value : use(posts.loadPost(slug))
}
