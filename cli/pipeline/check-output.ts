import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { PageScan } from './scan-page.ts'

export interface OutputProblem {
  /** Page file relative to the site folder. */
  page: string
  /** The link or markup at fault. */
  target: string
  reason: string
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
      // A browser finds the element of a percent-encoded fragment (an Arabic heading's id) by its decoded id.
      const targetIds = ids.get(targetPage)
      const found = (id: string) => targetIds?.has(id) || targetIds?.has(safeDecode(id))
      if (fragment && attribute === 'href' && targetPage.endsWith('.html') && !found(fragment)) {
        problems.push({ page, target: value, reason: `no element with id "${fragment}" on ${targetPage}` })
      }
    }
  }
  return problems
}

/**
 * The hreflang sets of a site with several languages: every alternate (x-default too) names a page
 * of the build, each names this page back, and a page in a set is its own canonical. A problem
 * names both pages. Pages are matched by their absolute URL on the published origin and base.
 */
export function checkAlternates(scans: readonly PageScan[], siteUrl: string, base: string): OutputProblem[] {
  const origin = siteUrl.replace(/\/+$/, '')
  // A page's URL with or without its folder's slash (a home page's has one, a case study's not) is one page.
  const key = (url: string) => url.replace(/\/+$/, '')
  const urlOf = (page: string) => key(origin + base + page.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, ''))
  const byUrl = new Map(scans.map((scan) => [urlOf(scan.page), scan]))
  const problems: OutputProblem[] = []
  for (const scan of scans) {
    if (!scan.alternates) continue
    const self = urlOf(scan.page)
    if (scan.canonical === undefined || key(scan.canonical) !== self)
      problems.push({
        page: scan.page,
        target: scan.canonical ?? '(none)',
        reason: `its canonical is not itself (${self}) though it has hreflang alternates`,
      })
    if (!scan.alternates.some((a) => a.hreflang === 'x-default'))
      problems.push({ page: scan.page, target: 'hreflang', reason: 'its hreflang set has no x-default' })
    for (const { hreflang, href } of scan.alternates) {
      const target = byUrl.get(key(href))
      if (!target) {
        problems.push({
          page: scan.page,
          target: href,
          reason: `its hreflang="${hreflang}" alternate is no page of the build`,
        })
        continue
      }
      if (hreflang === 'x-default' || target === scan) continue
      if (!target.alternates?.some((back) => key(back.href) === self))
        problems.push({
          page: scan.page,
          target: href,
          reason: `${target.page} does not name ${scan.page} back among its alternates`,
        })
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
