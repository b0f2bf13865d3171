import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

export interface OutputProblem {
  /** Page file relative to the site folder. */
  page: string
  /** The link or markup at fault. */
  target: string
  reason: string
}

const ATTRIBUTE = /\s(href|src)="([^"]*)"/g
const ID = /\sid="([^"]+)"/g

/**
 * The last net before deploying: every internal href/src and #anchor in the built pages resolves,
 * and no page carries an event-handler attribute or a script URL.
 */
export async function checkOutput(siteDir: string, pages: readonly string[], base: string): Promise<OutputProblem[]> {
  const html = new Map<string, string>()
  for (const page of pages) html.set(page, await readFile(path.join(siteDir, page), 'utf8'))
  const ids = new Map([...html].map(([page, text]) => [page, new Set([...text.matchAll(ID)].map((m) => m[1]))]))
  const problems: OutputProblem[] = []
  for (const [page, text] of html) {
    const handler = /<[a-z][^>]*\son[a-z]+\s*=/i.exec(text)
    if (handler) problems.push({ page, target: handler[0].slice(0, 80), reason: 'inline event handler attribute' })
    for (const [, attribute, raw] of text.matchAll(ATTRIBUTE)) {
      const value = decodeAttribute(raw ?? '')
      if (/^\s*(javascript|vbscript|data:text)/i.test(value)) {
        problems.push({ page, target: value.slice(0, 80), reason: `${attribute} with a script URL` })
        continue
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) continue
      const [pathPart = '', fragment] = value.split('#', 2)
      let targetPage = page
      if (pathPart !== '') {
        if (!pathPart.startsWith(base)) {
          problems.push({ page, target: value, reason: `does not start with the base path ${base}` })
          continue
        }
        const resolved = await resolvePage(siteDir, decodeURIComponent(pathPart.slice(base.length)))
        if (!resolved) {
          problems.push({ page, target: value, reason: 'no such file in the built site' })
          continue
        }
        targetPage = resolved
      }
      if (fragment && attribute === 'href' && targetPage.endsWith('.html') && !ids.get(targetPage)?.has(fragment)) {
        problems.push({ page, target: value, reason: `no element with id "${fragment}" on ${targetPage}` })
      }
    }
  }
  return problems
}

async function resolvePage(siteDir: string, relative: string): Promise<string | undefined> {
  const clean = relative.replace(/^\/+/, '')
  for (const candidate of [clean, path.posix.join(clean, 'index.html'), `${clean}.html`]) {
    if (candidate === '' || candidate.split('/').includes('..')) continue
    const found = await stat(path.join(siteDir, candidate)).catch(() => undefined)
    if (found?.isFile()) return candidate
  }
  return undefined
}

function decodeAttribute(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
}
