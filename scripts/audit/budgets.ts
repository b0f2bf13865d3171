import type { Asset, FirstVisit, Navigation, StaticRoute } from './bytes.ts'
import type { Category, LighthouseSummary, Preset } from './lighthouse-runner.ts'

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner)
  return Object.freeze(value)
}

/**
 * Every budget the audit enforces, in one place. Byte budgets are gzip (zlib level 9) sizes in kB of
 * 1000 bytes (the unit Chromium's DevTools shows).
 */
export const BUDGETS = deepFreeze({
  bytesPerKb: 1000,
  /** Minimum Lighthouse category scores (0..1) per preset. */
  lighthouse: {
    mobile: { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 },
    desktop: { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 },
  } satisfies Record<Preset, Record<Category, number>>,
  /**
   * JavaScript a first visit to / (or to a technology page, the same app over the same cards, or to
   * /writing or a tag page, the same app over the posts index) downloads (load plus idle). 90 kB
   * until the site's own words became a catalogue per language (issue 46): the page's language's
   * words (1.8 kB) and the language switcher (0.9 kB) are in the entry now.
   */
  homeJsKb: 93,
  /** CSS a first visit downloads, on every route. */
  cssKb: 15,
  /** JavaScript a case-study or post page adds beyond what / downloads: moving there from /, and as a cold first visit. */
  caseStudyExtraJsKb: 10,
  /** Stylesheets a page links (the one small render-blocking file). */
  maxStylesheets: 1,
  /** Classic <script src> in <head> without module, defer or async. */
  maxBlockingScripts: 0,
  /** An inline classic script in <head> (the theme bootstrap) blocks parsing only while it runs: keep it tiny. */
  maxInlineHeadScriptBytes: 1024,
  /**
   * The chat's overview (data/chat.json), fetched and indexed when the chat is first opened: the
   * owner's passages and a summary of each project (a project's passages come when a question needs them).
   */
  chatIndexKb: 40,
  /**
   * Images / downloads at Lighthouse's phone size (412 px wide, 1.75x) for a visitor who reads the
   * whole page (every lazy image loaded): on the media fixture, four covers and the owner's photo.
   */
  homeImagesKb: 250,
  /** Cumulative layout shift, from Lighthouse and from a layout-shift PerformanceObserver in Chromium. */
  cls: 0,
})

export const kb = (bytes: number): number => bytes / BUDGETS.bytesPerKb
export const formatKb = (bytes: number): string => `${kb(bytes).toFixed(2)} kB`

/** Which rule family a miss belongs to (tests assert each family on its own). */
export type MissKind = 'bytes' | 'render-blocking' | 'images' | 'cls' | 'lighthouse' | 'network'

export interface Miss {
  kind: MissKind
  /** / or /projects/<id>. */
  route: string
  /** What was checked, e.g. "JS (first visit)", "lighthouse mobile performance". */
  check: string
  actual: string
  budget: string
  /** Why: the resources or audits behind the number. */
  detail?: string
}

/** The byte and markup measurements of one route. */
export interface RouteMeasurement {
  route: string
  url: string
  /** Cold first visits in Chromium, with Lighthouse's mobile and desktop viewports. */
  visits: FirstVisit[]
  /** The HTML's own script/modulepreload/stylesheet tags, read from the build. */
  static: StaticRoute
  /** Case studies and posts: JS fetched when moving from / to this page in the app. */
  navigation?: Navigation
  /** Case studies and posts: JS(first visit here) - JS(first visit to /), and the files / does not download. */
  coldExtra?: { jsGzip: number; js: Asset[] }
}

/** The larger of the devices' downloads (they normally match). */
export function firstVisitJs(m: RouteMeasurement): number {
  return Math.max(0, ...m.visits.map((v) => v.jsGzip))
}
export function firstVisitCss(m: RouteMeasurement): number {
  return Math.max(0, ...m.visits.map((v) => v.cssGzip))
}

const list = (assets: { path: string; gzipBytes: number }[]) =>
  assets.map((a) => `${a.path} ${formatKb(a.gzipBytes)}`).join(', ')

/**
 * The pages held to the home JS budget: / and a technology page (the home page's list, narrowed).
 * The writing pages are held, like a case study, to what they add to / (their code is a chunk of
 * its own, which only they load).
 */
export const isListPage = (route: string): boolean => route === '/' || route.startsWith('/projects/tech/')

/** Byte, render-blocking, image and CLS rules for one route. */
export function checkRoute(m: RouteMeasurement): Miss[] {
  const misses: Miss[] = []
  const miss = (kind: MissKind, check: string, actual: string, budget: string, detail?: string) =>
    misses.push({ kind, route: m.route, check, actual, budget, ...(detail ? { detail } : {}) })
  const biggest = m.visits.reduce<FirstVisit | undefined>((a, v) => (!a || v.jsGzip > a.jsGzip ? v : a), undefined)

  const development = [...new Set(m.visits.flatMap((v) => v.js.filter((a) => a.development).map((a) => a.path)))]
  if (development.length > 0) {
    miss(
      'bytes',
      'production build',
      'React development build',
      'a production build',
      `${development.join(', ')}: React's development code, bundled because NODE_ENV was not "production" during the build (Vitest sets "test"); every byte number for this build is inflated`,
    )
  }
  const js = firstVisitJs(m)
  if (isListPage(m.route) && kb(js) > BUDGETS.homeJsKb)
    miss('bytes', 'JS (first visit, gzip)', formatKb(js), `<= ${BUDGETS.homeJsKb} kB`, biggest && list(biggest.js))
  const css = firstVisitCss(m)
  if (kb(css) > BUDGETS.cssKb)
    miss('bytes', 'CSS (first visit, gzip)', formatKb(css), `<= ${BUDGETS.cssKb} kB`, biggest && list(biggest.css))
  if (m.navigation && kb(m.navigation.jsGzip) > BUDGETS.caseStudyExtraJsKb) {
    miss(
      'bytes',
      'extra JS moving here from / (gzip)',
      formatKb(m.navigation.jsGzip),
      `<= ${BUDGETS.caseStudyExtraJsKb} kB`,
      list(m.navigation.js),
    )
  }
  if (m.coldExtra && kb(m.coldExtra.jsGzip) > BUDGETS.caseStudyExtraJsKb) {
    miss(
      'bytes',
      'extra JS vs / on a cold first visit (gzip)',
      formatKb(m.coldExtra.jsGzip),
      `<= ${BUDGETS.caseStudyExtraJsKb} kB`,
      list(m.coldExtra.js),
    )
  }

  const page = m.static.page
  if (page.stylesheets.length > BUDGETS.maxStylesheets)
    miss(
      'render-blocking',
      'stylesheet links',
      String(page.stylesheets.length),
      `<= ${BUDGETS.maxStylesheets}`,
      page.stylesheets.join(', '),
    )
  if (page.blockingScripts.length > BUDGETS.maxBlockingScripts)
    miss(
      'render-blocking',
      'blocking <script> in <head>',
      String(page.blockingScripts.length),
      `<= ${BUDGETS.maxBlockingScripts}`,
      page.blockingScripts.join(', '),
    )
  for (const inline of page.inlineHeadScripts) {
    if (inline.bytes > BUDGETS.maxInlineHeadScriptBytes)
      miss(
        'render-blocking',
        'inline classic <script> in <head>',
        `${inline.bytes} B`,
        `<= ${BUDGETS.maxInlineHeadScriptBytes} B`,
        inline.preview,
      )
  }
  const unsizedStatic = page.images.filter((i) => !i.hasWidth || !i.hasHeight).map((i) => i.src)
  const unsizedLive = [...new Set(m.visits.flatMap((v) => v.imagesWithoutSize))].filter(
    (src) => !unsizedStatic.includes(src),
  )
  if (unsizedStatic.length + unsizedLive.length > 0)
    miss(
      'images',
      '<img> without width and height',
      String(unsizedStatic.length + unsizedLive.length),
      '0',
      [...unsizedStatic, ...unsizedLive].join(', '),
    )

  for (const visit of m.visits) {
    if (visit.cls > BUDGETS.cls)
      miss('cls', `CLS (PerformanceObserver, ${visit.device})`, visit.cls.toFixed(4), `<= ${BUDGETS.cls}`)
    if (visit.offOrigin.length > 0)
      miss(
        'network',
        `requests leaving 127.0.0.1 (${visit.device})`,
        String(visit.offOrigin.length),
        '0',
        visit.offOrigin.slice(0, 5).join(', '),
      )
  }
  // The static cross-check: whatever the HTML names must be what Chromium downloaded.
  const downloaded = new Set(m.visits.flatMap((v) => [...v.js, ...v.css].map((a) => a.path)))
  const notDownloaded = [...m.static.js, ...m.static.css].map((a) => a.path).filter((p) => !downloaded.has(p))
  if (notDownloaded.length > 0 || m.static.missing.length > 0) {
    miss(
      'bytes',
      'static cross-check (HTML tags vs downloads)',
      `${notDownloaded.length + m.static.missing.length} mismatched`,
      '0',
      [
        ...notDownloaded.map((p) => `${p} named in the HTML but not downloaded`),
        ...m.static.missing.map((p) => `${p} not in the build`),
      ].join('; '),
    )
  }
  return misses
}

/** The chat index's size (null: the build has none) against its budget. */
export function checkChatIndex(index: { path: string; gzipBytes: number } | null): Miss[] {
  const check = 'chat index (gzip, fetched when the chat opens)'
  if (!index)
    return [
      {
        kind: 'bytes',
        route: '/',
        check,
        actual: 'missing',
        budget: `<= ${BUDGETS.chatIndexKb} kB`,
        detail: 'the build has no chat index',
      },
    ]
  if (kb(index.gzipBytes) <= BUDGETS.chatIndexKb) return []
  return [
    {
      kind: 'bytes',
      route: '/',
      check,
      actual: formatKb(index.gzipBytes),
      budget: `<= ${BUDGETS.chatIndexKb} kB`,
      detail: index.path,
    },
  ]
}

/** Category budgets for one Lighthouse run, plus its CLS. */
export function checkLighthouse(route: string, summary: LighthouseSummary, categories?: readonly Category[]): Miss[] {
  const misses: Miss[] = []
  if (summary.runtimeError)
    misses.push({
      kind: 'lighthouse',
      route,
      check: `lighthouse ${summary.preset}`,
      actual: 'error',
      budget: 'a clean run',
      detail: summary.runtimeError,
    })
  const budgets = BUDGETS.lighthouse[summary.preset]
  for (const [category, minimum] of Object.entries(budgets) as [Category, number][]) {
    if (categories && !categories.includes(category)) continue
    const score = summary.scores[category]
    if (score !== null && score >= minimum) continue
    const losing = summary.losing.filter((a) => a.category === category).slice(0, 5)
    const detail = losing
      .map((a) => `${a.id} ${a.score.toFixed(2)}${a.displayValue ? ` (${a.displayValue})` : ''}`)
      .join(', ')
    misses.push({
      kind: 'lighthouse',
      route,
      check: `lighthouse ${summary.preset} ${category}`,
      actual: score === null ? 'n/a' : score.toFixed(2),
      budget: `>= ${minimum}`,
      ...(detail ? { detail } : {}),
    })
  }
  if (summary.cls !== null && summary.cls > BUDGETS.cls)
    misses.push({
      kind: 'cls',
      route,
      check: `CLS (lighthouse ${summary.preset})`,
      actual: summary.cls.toFixed(4),
      budget: `<= ${BUDGETS.cls}`,
    })
  return misses
}
