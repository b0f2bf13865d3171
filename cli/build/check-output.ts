import { Parser } from 'htmlparser2'
import { readdirSync } from 'node:fs'
import path from 'node:path'

export interface OutputProblem {
  /** Page file relative to the site folder. */
  page: string
  /** The link or markup at fault. */
  target: string
  reason: string
}

/** What the output check needs of a page, taken as it is rendered: the page's text is not kept. */
export interface PageScan {
  /** Page file relative to the site folder, posix separators. */
  page: string
  ids: string[]
  /** Every href and src, decoded. */
  links: { attribute: string; value: string }[]
  /** The first inline event-handler attribute, if any. */
  handler?: string
  /** Set when the page has no <main>, or one that holds nothing a visitor sees: only whitespace,
   * comments and <template>s (what React leaves of a part that suspended, for the browser to render). */
  main?: 'missing' | 'empty'
}

/** Reads a page with an HTML parser (so quoting, case and entities are as a browser reads them). */
export function scanPage(page: string, html: string): PageScan {
  const ids: string[] = []
  const links: PageScan['links'] = []
  let handler: string | undefined
  let tag = ''
  /** Elements open inside <main> (0: outside), and inside a <template> there. */
  let mainDepth = 0
  let templateDepth = 0
  let sawMain = false
  let mainContent = false
  // Attributes one by one rather than onopentag's object per element: the parser then builds none.
  const parser = new Parser(
    {
      onopentagname(name) {
        tag = name
        if (mainDepth > 0) {
          mainDepth++
          if (name === 'template' || templateDepth > 0) templateDepth++
          else mainContent = true
        } else if (name === 'main') {
          mainDepth = 1
          sawMain = true
        }
      },
      onattribute(name, value) {
        if (name === 'id') {
          if (value !== '') ids.push(value)
        } else if (name === 'href' || name === 'src') links.push({ attribute: name, value })
        else if (handler === undefined && /^on[a-z]+$/.test(name)) handler = `<${tag} ${name}="${value}">`.slice(0, 80)
      },
      ontext(text) {
        if (mainDepth > 0 && templateDepth === 0 && !mainContent && text.trim() !== '') mainContent = true
      },
      onclosetag() {
        if (mainDepth === 0) return
        mainDepth--
        if (templateDepth > 0) templateDepth--
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  const main = !sawMain ? 'missing' : mainContent ? undefined : 'empty'
  return { page, ids, links, ...(handler ? { handler } : {}), ...(main ? { main } : {}) }
}

/**
 * The last net before deploying: every internal href/src and #anchor in the built pages resolves
 * (against `files`, every file of the built site), and no page carries an event-handler attribute
 * or a script URL. Linear: each link is a lookup in sets.
 */
export function checkScans(scans: readonly PageScan[], files: ReadonlySet<string>, base: string): OutputProblem[] {
  const ids = new Map(scans.map((scan) => [scan.page, new Set(scan.ids)]))
  const problems: OutputProblem[] = []
  for (const scan of scans) {
    const { page, links, handler } = scan
    if (handler) problems.push({ page, target: handler, reason: 'inline event handler attribute' })
    // A page without <main> is not one the site renders (render-page refuses it); an empty one is
    // a render that lost its data.
    if (scan.main === 'empty')
      problems.push({ page, target: '<main>', reason: 'nothing in <main> (the page did not render)' })
    for (const { attribute, value } of links) {
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
        const resolved = resolvePage(files, safeDecode(pathPart.slice(base.length)))
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

/**
 * Every file under the site folder, relative with posix separators. Synchronous: fs/promises walks
 * the tree one folder per trip through libuv's pool, and a site has a folder per page, which takes
 * many times as long, more so while the card workers keep the cores busy.
 */
export function listSiteFiles(siteDir: string): Set<string> {
  const entries = readdirSync(siteDir, { recursive: true, withFileTypes: true })
  return new Set(
    entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(siteDir, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  )
}

function resolvePage(files: ReadonlySet<string>, relative: string): string | undefined {
  const clean = relative.replace(/^\/+/, '')
  for (const candidate of [clean, path.posix.join(clean, 'index.html'), `${clean}.html`]) {
    if (candidate === '' || candidate.split('/').includes('..')) continue
    if (files.has(candidate)) return candidate
  }
  return undefined
}

/** A malformed escape (`%zz`) names no file; it must not throw. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
