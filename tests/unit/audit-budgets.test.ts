import { describe, expect, it } from 'vitest'
import {
  BUDGETS,
  checkChatIndex,
  checkLighthouse,
  checkRoute,
  type RouteMeasurement,
} from '../../scripts/audit/budgets.ts'
import { isDevelopmentBuild, type Asset, type FirstVisit } from '../../scripts/audit/bytes.ts'
import { checkImages, type ImageVisit } from '../../scripts/audit/images.ts'
import { summarize } from '../../scripts/audit/lighthouse-runner.ts'

const asset = (path: string, gzipBytes: number): Asset => ({ path, bytes: gzipBytes * 3, gzipBytes })
const sum = (assets: Asset[]) => assets.reduce((t, a) => t + a.gzipBytes, 0)

function visit(js: Asset[], css: Asset[], extra: Partial<FirstVisit> = {}): FirstVisit {
  return {
    url: 'http://127.0.0.1/',
    device: 'mobile',
    js,
    css,
    jsGzip: sum(js),
    cssGzip: sum(css),
    cls: 0,
    imagesWithoutSize: [],
    offOrigin: [],
    ...extra,
  }
}

function measurement(
  route: string,
  js: Asset[],
  css: Asset[],
  extra: Partial<RouteMeasurement> = {},
): RouteMeasurement {
  return {
    route,
    url: `http://127.0.0.1${route}`,
    visits: [visit(js, css)],
    static: {
      js,
      css,
      jsGzip: sum(js),
      cssGzip: sum(css),
      missing: [],
      page: {
        scripts: js.map((a) => a.path),
        modulePreloads: [],
        stylesheets: css.map((a) => a.path),
        blockingScripts: [],
        inlineHeadScripts: [],
        images: [],
      },
    },
    ...extra,
  }
}

describe('BUDGETS', () => {
  it('is frozen all the way down', () => {
    expect(Object.isFrozen(BUDGETS)).toBe(true)
    expect(Object.isFrozen(BUDGETS.lighthouse.mobile)).toBe(true)
    expect(() => {
      ;(BUDGETS as { homeJsKb: number }).homeJsKb = 999
    }).toThrow()
  })
})

describe('checkRoute', () => {
  const css = [asset('/assets/index.css', 6_000)]

  it('passes / at exactly the JS budget and fails one byte past it, naming the files', () => {
    const exact = [asset('/assets/index.js', BUDGETS.homeJsKb * BUDGETS.bytesPerKb)]
    expect(checkRoute(measurement('/', exact, css))).toEqual([])
    const over = [asset('/assets/index.js', BUDGETS.homeJsKb * BUDGETS.bytesPerKb - 99), asset('/assets/icon.js', 100)]
    const [miss] = checkRoute(measurement('/', over, css))
    expect(miss).toMatchObject({ kind: 'bytes', route: '/', check: 'JS (first visit, gzip)' })
    expect(miss?.detail).toContain('/assets/icon.js')
  })

  it('holds a technology page to the home JS budget, and the writing pages to what they add to / (as a case study)', () => {
    const over = [asset('/assets/index.js', BUDGETS.homeJsKb * BUDGETS.bytesPerKb + 1)]
    expect(checkRoute(measurement('/projects/tech/react', over, css)).map((x) => x.check)).toEqual([
      'JS (first visit, gzip)',
    ])
    for (const route of ['/writing', '/writing/tags/node-js', '/writing/a-post'])
      expect(checkRoute(measurement(route, over, css)), route).toEqual([])
  })

  it('does not apply the home JS budget to case studies, but applies their extra-JS budget both ways', () => {
    const js = [asset('/assets/index.js', 95_000)]
    const extra = [asset('/assets/case-study.js', 11_000)]
    const m = measurement('/projects/a', [...js, ...extra], css, {
      navigation: {
        from: '/',
        to: '/projects/a',
        method: 'link click',
        js: extra,
        css: [],
        jsGzip: 11_000,
        cssGzip: 0,
      },
      coldExtra: { jsGzip: 11_000, js: extra },
    })
    expect(checkRoute(m).map((x) => x.check)).toEqual([
      'extra JS moving here from / (gzip)',
      'extra JS vs / on a cold first visit (gzip)',
    ])
  })

  it('fails a second stylesheet, a blocking head script, an unsized image, layout shift and off-origin requests', () => {
    const m = measurement('/', [asset('/a.js', 1)], css)
    m.static.page.stylesheets.push('/assets/other.css')
    m.static.page.blockingScripts.push('/legacy.js')
    m.static.page.images.push({ src: 'a.png', hasWidth: true, hasHeight: false })
    m.visits = [
      visit([asset('/a.js', 1)], [...css, asset('/assets/other.css', 1)], {
        cls: 0.02,
        offOrigin: ['https://fonts.example/x.css'],
        imagesWithoutSize: ['b.png'],
      }),
    ]
    expect(checkRoute(m).map((x) => [x.kind, x.actual])).toEqual([
      ['render-blocking', '2'],
      ['render-blocking', '1'],
      ['images', '2'],
      ['cls', '0.0200'],
      ['network', '1'],
    ])
  })

  it('refuses to judge a React development build, naming the file', () => {
    const js = [{ ...asset('/assets/index.js', 1_000), development: true }]
    const [miss] = checkRoute(measurement('/', js, css))
    expect(miss).toMatchObject({ kind: 'bytes', check: 'production build' })
    expect(miss?.detail).toContain('/assets/index.js')
    expect(isDevelopmentBuild('x("In HTML, %s cannot be a child of %s.")')).toBe(true)
    expect(isDevelopmentBuild('function x(){}')).toBe(false)
  })

  it('fails the cross-check when a file the HTML names was never downloaded', () => {
    const m = measurement('/', [asset('/a.js', 1)], css)
    m.visits = [visit([], css)]
    expect(checkRoute(m).map((x) => x.check)).toContain('static cross-check (HTML tags vs downloads)')
  })
})

describe('Lighthouse results', () => {
  const lhr = {
    categories: {
      performance: {
        score: 0.97,
        auditRefs: [
          { id: 'total-blocking-time', weight: 30 },
          { id: 'mainthread-work-breakdown', weight: 0 },
        ],
      },
      accessibility: { score: 1, auditRefs: [] },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: null, auditRefs: [] },
    },
    audits: {
      'total-blocking-time': { title: 'Total Blocking Time', score: 0.8, numericValue: 320, displayValue: '320 ms' },
      'largest-contentful-paint': { numericValue: 1800 },
      'cumulative-layout-shift': { numericValue: 0 },
      'mainthread-work-breakdown': {
        score: 0.5,
        displayValue: '2.0 s',
        details: { items: [{ groupLabel: 'Rendering', duration: 1200 }] },
      },
    },
    environment: { benchmarkIndex: 1500 },
    runWarnings: ['slow', 3],
  }

  it('narrows an lhr to scores, metrics, losing audits and diagnostics', () => {
    const summary = summarize('http://127.0.0.1/', 'mobile', lhr, 10)
    expect(summary).toMatchObject({
      scores: { performance: 0.97, accessibility: 1, 'best-practices': 1, seo: null },
      lcpMs: 1800,
      cls: 0,
      tbtMs: 320,
      losing: [{ category: 'performance', id: 'total-blocking-time', score: 0.8, weight: 30, displayValue: '320 ms' }],
      warnings: ['slow'],
      benchmarkIndex: 1500,
    })
    expect(summary.diagnostics).toEqual([
      {
        id: 'mainthread-work-breakdown',
        title: 'mainthread-work-breakdown',
        displayValue: '2.0 s',
        top: ['Rendering 1200 ms'],
      },
    ])
  })

  it('misses the mobile performance budget below 0.98 and any category Lighthouse could not score', () => {
    const misses = checkLighthouse('/', summarize('http://127.0.0.1/', 'mobile', lhr, 10))
    expect(misses.map((m) => [m.check, m.actual])).toEqual([
      ['lighthouse mobile performance', '0.97'],
      ['lighthouse mobile seo', 'n/a'],
    ])
    expect(misses[0]?.detail).toBe('total-blocking-time 0.80 (320 ms)')
  })

  it('holds desktop to a perfect performance score', () => {
    const perfect = {
      ...lhr,
      categories: { ...lhr.categories, performance: { score: 0.99, auditRefs: [] }, seo: { score: 1, auditRefs: [] } },
    }
    expect(checkLighthouse('/', summarize('u', 'mobile', perfect, 0))).toEqual([])
    expect(checkLighthouse('/', summarize('u', 'desktop', perfect, 0)).map((m) => m.check)).toEqual([
      'lighthouse desktop performance',
    ])
  })
})

describe('checkChatIndex', () => {
  it('passes the chat index at exactly its budget, fails it one byte past, and fails a build without one', () => {
    const at = BUDGETS.chatIndexKb * BUDGETS.bytesPerKb
    expect(checkChatIndex({ path: '/data/chat-index.json', gzipBytes: at })).toEqual([])
    expect(checkChatIndex({ path: '/data/chat-index.json', gzipBytes: at + 1 })).toMatchObject([
      { kind: 'bytes', route: '/', budget: `<= ${BUDGETS.chatIndexKb} kB`, detail: '/data/chat-index.json' },
    ])
    expect(checkChatIndex(null)).toMatchObject([{ kind: 'bytes', actual: 'missing' }])
  })
})

describe('checkImages', () => {
  const image = (path: string, bytes: number) => ({ path, bytes, contentType: 'image/avif' })
  const read = (extra: Partial<ImageVisit>): ImageVisit => ({
    url: 'http://127.0.0.1/',
    device: 'mobile',
    images: [],
    imageBytes: 0,
    cls: 0,
    notLoaded: [],
    ...extra,
  })

  it(`holds / on a phone to ${BUDGETS.homeImagesKb} kB of images, naming the files`, () => {
    const images = [image('/media/a-800.avif', 150_000), image('/media/b-800.avif', 100_001)]
    expect(checkImages('/', read({ images, imageBytes: 250_001 }))).toEqual([
      {
        kind: 'images',
        route: '/',
        check: 'images read through at a 412 px phone width',
        actual: '250.00 kB',
        budget: `<= ${BUDGETS.homeImagesKb} kB`,
        detail: '/media/a-800.avif 150.00 kB, /media/b-800.avif 100.00 kB',
      },
    ])
    expect(checkImages('/', read({ imageBytes: 250_000 }))).toEqual([])
    // The budget is the home page's on a phone; a case study or a desktop is held to layout shift only.
    expect(checkImages('/projects/a', read({ imageBytes: 900_000 }))).toEqual([])
    expect(checkImages('/', read({ device: 'desktop', imageBytes: 900_000 }))).toEqual([])
  })

  it('reports a shift while images load, and images that never loaded', () => {
    const misses = checkImages('/projects/a', read({ cls: 0.012, notLoaded: ['http://127.0.0.1/media/x-480.avif'] }))
    expect(misses.map((m) => [m.kind, m.check, m.actual])).toEqual([
      ['cls', 'CLS while the images load (mobile)', '0.0120'],
      ['images', 'images that did not load (mobile)', '1'],
    ])
  })
})
