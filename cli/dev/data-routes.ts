import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import type { Connect } from 'vite'
import { cardsJson, projectDataJson } from '../generate/project-data.ts'
import { feedFiles } from '../../site/src/paths.ts'
import type { ContentSession } from './content-session.ts'

/**
 * The files a build writes beside the pages and the browser fetches (case studies, project cards,
 * the posts and their index, the feeds, the chat's passages, the resume), answered from the dev session's content in memory at the same
 * URLs. Each waits for the content's first run.
 */
export function dataRoutes(
  session: ContentSession,
  root: string,
  firstRun: Promise<unknown>,
): Connect.NextHandleFunction {
  const routes: Route[] = [
    [/^\/resume\.(pdf|json)$/, ([, format], res) => sendResume(root, format === 'pdf' ? 'pdf' : 'json', res)],
    [/^\/data\/cards\.json$/, async (_, res) => sendCards(session, res)],
    [/^\/data\/chat\.json$/, async (_, res) => sendText(res, session.chatOverview())],
    [
      /^\/data\/chat\/([^/]+)\.json$/,
      async ([, id], res) => sendChatProject(session, decodeURIComponent(id ?? ''), res),
    ],
    [
      /^\/data\/projects\/([^/]+)\.json$/,
      async ([, id], res) => sendProject(session, decodeURIComponent(id ?? ''), res),
    ],
    [/^\/data\/posts\.json$/, async (_, res) => sendText(res, session.postsIndex())],
    [/^\/data\/posts\/([^/]+)\.json$/, async ([, slug], res) => sendPost(session, decodeURIComponent(slug ?? ''), res)],
    ...FEED_ROUTES.map(
      ({ pattern, format, type }): Route => [pattern, async (_, res) => sendFeed(res, session.feed(format), type)],
    ),
    [/^\/media\/([^/]+)$/, async ([, name = ''], res) => sendMedia(name, session.mediaFile(name), res)],
  ]
  return (req, res, next) => {
    const pathname = (req.url ?? '').replace(/[?#].*$/, '')
    for (const [pattern, answer] of routes) {
      const match = pattern.exec(pathname)
      if (!match) continue
      firstRun.then(() => answer(match, res)).then((answered) => answered || next(), next)
      return
    }
    next()
  }
}

type Route = [RegExp, (match: RegExpExecArray, res: ServerResponse) => Promise<boolean>]

/** feed.xml, rss.xml and feed.json at the site's root, with the types a static host gives their names. */
const FEED_ROUTES = (['atom', 'rss', 'json'] as const).map((format) => ({
  format,
  pattern: new RegExp(`^/${feedFiles[format].replace('.', '\\.')}$`),
  type: format === 'json' ? 'application/json' : 'application/xml',
}))

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

function sendCards(session: ContentSession, res: ServerResponse): boolean {
  const cards = session.cards()
  return cards !== undefined && sendText(res, cardsJson(cards))
}

function sendProject(session: ContentSession, id: string, res: ServerResponse): boolean {
  const project = session.project(id)
  if (project) return sendText(res, projectDataJson(project))
  res.writeHead(404, { 'content-type': 'text/plain' }).end('no such project')
  return true
}

function sendPost(session: ContentSession, slug: string, res: ServerResponse): boolean {
  if (sendText(res, session.post(slug))) return true
  res.writeHead(404, { 'content-type': 'text/plain' }).end('no such post')
  return true
}

function sendChatProject(session: ContentSession, id: string, res: ServerResponse): boolean {
  if (sendText(res, session.chatProject(id))) return true
  res.writeHead(404, { 'content-type': 'text/plain' }).end('no such project')
  return true
}

/**
 * The resume made from the content on request (from the store when unchanged), as the build makes
 * it; false when there is none to make (invalid content, or a hand-made resume.file, which public/ serves).
 */
async function sendResume(root: string, format: 'pdf' | 'json', res: ServerResponse): Promise<boolean> {
  const { makeResumeOf } = await import('../resume/make-resume.ts')
  const made = await makeResumeOf(root)
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
