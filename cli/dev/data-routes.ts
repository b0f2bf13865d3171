import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import type { Connect } from 'vite'
import { cardsJson, projectDataJson } from '../generate/project-data.ts'
import { feedFiles } from '../../site/src/paths.ts'
import type { ContentSession } from './content-session.ts'
import type { ContentView } from './content-view.ts'
import type { LanguageView } from './language-view.ts'

/**
 * The files a build writes beside the pages and the browser fetches (case studies, project cards,
 * the posts and their index, the feeds, the chat's passages, the resume), answered from the dev session's content in memory at the same
 * URLs: the default language's at the root, another language's in its folder (`/<tag>/data/…`,
 * `/<tag>/feed.xml`, with its portfolio and its chat's texts). Each waits for the content's first run.
 */
export function dataRoutes(
  session: ContentSession,
  root: string,
  firstRun: Promise<unknown>,
): Connect.NextHandleFunction {
  const atRoot: Route<undefined>[] = [
    [/^\/resume\.(pdf|json)$/, ([, format], res) => sendResume(root, format === 'pdf' ? 'pdf' : 'json', res)],
    // Another language's resume (resume.<tag>.pdf, as the build names it); a tag the content does not list falls through.
    [
      /^\/resume\.([^/]+)\.(pdf|json)$/,
      ([, tag = '', format], res) => sendResume(root, format === 'pdf' ? 'pdf' : 'json', res, decodeURIComponent(tag)),
    ],
    [/^\/media\/([^/]+)$/, async ([, name = ''], res) => sendMedia(name, session.mediaFile(name), res)],
  ]
  return (req, res, next) => {
    const pathname = (req.url ?? '').replace(/[?#].*$/, '')
    const answer = answerFor(pathname)
    if (!answer) return next()
    firstRun.then(answer(res)).then((answered) => answered || next(), next)
  }

  /** How to answer `pathname` once the content is read; undefined for a path no route has. */
  function answerFor(pathname: string): ((res: ServerResponse) => () => Promise<boolean> | boolean) | undefined {
    const fixed = matchRoute(atRoot, pathname)
    if (fixed) return (res) => () => fixed.answer(fixed.match, res, undefined)
    const own = matchRoute(VIEW_ROUTES, pathname)
    if (own) {
      return (res) => () => {
        const view = session.view()
        return view !== undefined && own.answer(own.match, res, view)
      }
    }
    // `/<tag>/…`: known to be a language's only once the content is read.
    const [, tag = '', rest = ''] = /^\/([^/]+)(\/.+)$/.exec(pathname) ?? []
    const inLanguage = matchRoute<LanguageView>([...VIEW_ROUTES, ...LANGUAGE_ROUTES], rest)
    if (!inLanguage) return undefined
    return (res) => () => {
      const language = session.language(decodeURIComponent(tag))
      return language !== undefined && inLanguage.answer(inLanguage.match, res, language)
    }
  }
}

/** A URL pattern and its answer from `view` (a language's, or the default's); false lets the next handler answer. */
type Route<View> = [RegExp, (match: RegExpExecArray, res: ServerResponse, view: View) => Promise<boolean> | boolean]

/** The first route whose pattern matches, with what it matched. */
function matchRoute<View>(
  routes: readonly Route<View>[],
  pathname: string,
):
  | {
      match: RegExpExecArray
      answer: (match: RegExpExecArray, res: ServerResponse, view: View) => Promise<boolean> | boolean
    }
  | undefined {
  for (const [pattern, answer] of routes) {
    const match = pattern.exec(pathname)
    if (match) return { match, answer }
  }
  return undefined
}

/** Every language's data files, each in its folder (the default's at the root), from its view. */
const VIEW_ROUTES: Route<ContentView>[] = [
  [/^\/data\/cards\.json$/, (_, res, view) => sendText(res, cardsJson(view.cards()))],
  [/^\/data\/chat\.json$/, (_, res, view) => sendText(res, view.chatOverview())],
  [/^\/data\/chat\/([^/]+)\.json$/, ([, id], res, view) => sendChatProject(view, decodeURIComponent(id ?? ''), res)],
  [/^\/data\/projects\/([^/]+)\.json$/, ([, id], res, view) => sendProject(view, decodeURIComponent(id ?? ''), res)],
  [/^\/data\/posts\.json$/, (_, res, view) => sendText(res, view.postsIndex())],
  [/^\/data\/posts\/([^/]+)\.json$/, ([, slug], res, view) => sendPost(view, decodeURIComponent(slug ?? ''), res)],
  ...(['atom', 'rss', 'json'] as const).map(
    (format): Route<ContentView> => [
      new RegExp(`^/${feedFiles[format].replace('.', '\\.')}$`),
      (_, res, view) => sendFeed(res, view.feed(format), format === 'json' ? 'application/json' : 'application/xml'),
    ],
  ),
]

/** What only a language other than the default has in its folder: its portfolio and its chat's texts. */
const LANGUAGE_ROUTES: Route<LanguageView>[] = [
  [/^\/data\/portfolio\.json$/, (_, res, view) => sendText(res, view.portfolioJson)],
  [/^\/data\/chat-texts\.json$/, (_, res, view) => sendText(res, view.chatTexts)],
]

/** A feed; false (next handler, which answers 404) when the content lists no post. */
function sendFeed(res: ServerResponse, text: string | undefined, type: string): boolean {
  if (text === undefined) return false
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(text)
  return true
}

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' }

function sendText(res: ServerResponse, text: string | undefined): boolean {
  if (text === undefined) return false
  res.writeHead(200, JSON_HEADERS).end(text)
  return true
}

function sendProject(view: ContentView, id: string, res: ServerResponse): boolean {
  const project = view.project(id)
  if (project) return sendText(res, projectDataJson(project))
  res.writeHead(404, { 'content-type': 'text/plain' }).end('no such project')
  return true
}

function sendPost(view: ContentView, slug: string, res: ServerResponse): boolean {
  if (sendText(res, view.post(slug))) return true
  res.writeHead(404, { 'content-type': 'text/plain' }).end('no such post')
  return true
}

function sendChatProject(view: ContentView, id: string, res: ServerResponse): boolean {
  if (sendText(res, view.chatProject(id))) return true
  res.writeHead(404, { 'content-type': 'text/plain' }).end('no such project')
  return true
}

/**
 * The resume made from the content on request (from the store when unchanged), as the build makes
 * it, in the default language or in `tag`; false when there is none to make (invalid content, a
 * language the content does not have, or a hand-made resume.file, which public/ serves).
 */
async function sendResume(root: string, format: 'pdf' | 'json', res: ServerResponse, tag?: string): Promise<boolean> {
  const { makeResumeOf } = await import('../resume/make-resume.ts')
  const made = await makeResumeOf(root, tag)
  if (!made?.files) return false
  res
    .writeHead(200, {
      'content-type': format === 'pdf' ? 'application/pdf' : 'application/json',
      'cache-control': 'no-store',
    })
    .end(made.files[format])
  return true
}

const MEDIA_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
}

/** An encoded image's variant, as the build publishes it under media/; false (next handler) when there is none. */
async function sendMedia(name: string, file: string | undefined, res: ServerResponse): Promise<boolean> {
  const bytes = file === undefined ? undefined : await readFile(file).catch(() => undefined)
  if (!bytes) return false
  // By the name asked for: the store keeps the file under a name of its own.
  const type = MEDIA_TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream'
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(bytes)
  return true
}
