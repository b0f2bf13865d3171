import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { AuditReport } from './audit.ts'
import { BUDGETS, firstVisitCss, firstVisitJs, formatKb, kb } from './budgets.ts'
import { CATEGORIES, type Category } from './lighthouse-runner.ts'

export interface LighthouseRow {
  route: string
  preset: string
  scores: Record<Category, number | null>
  lcpMs: number | null
  cls: number | null
  tbtMs: number | null
  /** Performance scores of every run when --runs > 1 (the row is the median run). */
  runs: number[]
}

export interface BytesRow {
  route: string
  jsGzip: number
  cssGzip: number
  staticJsGzip: number
  staticCssGzip: number
  /** Case studies: JS fetched moving here from / in the app. */
  extraJsFromHomeGzip: number | null
  /** Case studies: JS(cold first visit here) - JS(cold first visit to /). */
  extraJsColdGzip: number | null
  stylesheets: number
  blockingScripts: number
  unsizedImages: number
  /** Layout shift per device from a PerformanceObserver. */
  cls: Record<string, number>
}

export function lighthouseRows(report: AuditReport): LighthouseRow[] {
  return report.lighthouse.map(({ route, summary }) => ({
    route,
    preset: summary.preset,
    scores: summary.scores,
    lcpMs: summary.lcpMs,
    cls: summary.cls,
    tbtMs: summary.tbtMs,
    runs: summary.runs,
  }))
}

export function bytesRows(report: AuditReport): BytesRow[] {
  return report.routes.map((m) => ({
    route: m.route,
    jsGzip: firstVisitJs(m),
    cssGzip: firstVisitCss(m),
    staticJsGzip: m.static.jsGzip,
    staticCssGzip: m.static.cssGzip,
    extraJsFromHomeGzip: m.navigation?.jsGzip ?? null,
    extraJsColdGzip: m.coldExtra?.jsGzip ?? null,
    stylesheets: m.static.page.stylesheets.length,
    blockingScripts: m.static.page.blockingScripts.length,
    unsizedImages:
      m.static.page.images.filter((i) => !i.hasWidth || !i.hasHeight).length +
      new Set(m.visits.flatMap((v) => v.imagesWithoutSize)).size,
    cls: Object.fromEntries(m.visits.map((v) => [v.device, v.cls])),
  }))
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const mark = (failed: boolean) => (failed ? ' ✗' : '')

/** The human report: the Lighthouse table, the bytes table, every miss with its cause, and the time taken. */
export function formatReport(report: AuditReport): string {
  const out: string[] = []
  const missed = new Set(report.misses.map((m) => `${m.route}|${m.check}`))
  if (report.lighthouse.length > 0) {
    out.push(`Lighthouse (${report.lighthouse[0]?.summary.runs.length ?? 1} run(s) per cell, median by performance)`)
    out.push(
      table(
        ['route', 'preset', 'performance', 'accessibility', 'best-practices', 'seo', 'LCP', 'CLS', 'TBT'],
        lighthouseRows(report).map((r) => [
          r.route,
          r.preset,
          ...CATEGORIES.map(
            (c) =>
              (r.scores[c] === null ? 'n/a' : (r.scores[c] ?? 0).toFixed(2)) +
              mark(missed.has(`${r.route}|lighthouse ${r.preset} ${c}`)),
          ),
          r.lcpMs === null ? 'n/a' : seconds(r.lcpMs),
          (r.cls === null ? 'n/a' : r.cls.toFixed(3)) + mark(missed.has(`${r.route}|CLS (lighthouse ${r.preset})`)),
          r.tbtMs === null ? 'n/a' : `${Math.round(r.tbtMs)} ms`,
        ]),
      ),
    )
    out.push('')
  }
  out.push(`Bytes (gzip level 9, 1 kB = ${BUDGETS.bytesPerKb} B; first visit = cold cache, load + idle, in Chromium)`)
  out.push(
    table(
      [
        'route',
        'JS',
        'CSS',
        'JS in HTML',
        'CSS in HTML',
        '+JS from /',
        '+JS cold',
        'stylesheets',
        'blocking scripts',
        'unsized <img>',
        'CLS mobile/desktop',
      ],
      bytesRows(report).map((r) => [
        r.route,
        formatKb(r.jsGzip) + mark(missed.has(`${r.route}|JS (first visit, gzip)`)),
        formatKb(r.cssGzip) + mark(missed.has(`${r.route}|CSS (first visit, gzip)`)),
        formatKb(r.staticJsGzip),
        formatKb(r.staticCssGzip),
        r.extraJsFromHomeGzip === null
          ? '-'
          : formatKb(r.extraJsFromHomeGzip) + mark(kb(r.extraJsFromHomeGzip) > BUDGETS.caseStudyExtraJsKb),
        r.extraJsColdGzip === null
          ? '-'
          : formatKb(r.extraJsColdGzip) + mark(kb(r.extraJsColdGzip) > BUDGETS.caseStudyExtraJsKb),
        String(r.stylesheets),
        String(r.blockingScripts),
        String(r.unsizedImages),
        Object.values(r.cls)
          .map((c) => c.toFixed(3))
          .join('/'),
      ]),
    ),
  )
  for (const [i, visit] of report.images.entries()) {
    if (i === 0) out.push('Images (a phone, 412 px at 1.75x, reading the whole page: every lazy image loaded)')
    const route = report.routes[i]?.route ?? visit.url
    out.push(
      `  ${route}: ${visit.images.length} file(s), ${formatKb(visit.imageBytes)}${mark(missed.has(`${route}|images read through at a 412 px phone width`))}, CLS ${visit.cls.toFixed(3)}`,
    )
  }
  out.push(
    `Chat index (fetched when the chat is first opened): ${report.chatIndex ? `${formatKb(report.chatIndex.gzipBytes)} gzip (${formatKb(report.chatIndex.bytes)} raw)` : 'missing'}${mark(missed.has('/|chat index (gzip, fetched when the chat opens)'))}`,
  )
  out.push(
    `Budgets: JS on /, /writing and list pages <= ${BUDGETS.homeJsKb} kB, images on / <= ${BUDGETS.homeImagesKb} kB (phone), chat index <= ${BUDGETS.chatIndexKb} kB, CSS <= ${BUDGETS.cssKb} kB, case study and post +JS <= ${BUDGETS.caseStudyExtraJsKb} kB, <= ${BUDGETS.maxStylesheets} stylesheet, ${BUDGETS.maxBlockingScripts} blocking scripts, CLS ${BUDGETS.cls}; Lighthouse mobile performance >= ${BUDGETS.lighthouse.mobile.performance}, desktop >= ${BUDGETS.lighthouse.desktop.performance}, other categories 1.`,
  )
  out.push('')

  if (report.misses.length === 0) out.push('✔ every budget met')
  else {
    out.push(`✗ ${report.misses.length} budget miss(es):`)
    for (const m of report.misses) {
      out.push(`  ${m.route}  ${m.check}: ${m.actual} (budget ${m.budget})`)
      if (m.detail) out.push(`      ${m.detail}`)
    }
    const slow = report.lighthouse.filter((r) =>
      report.misses.some((m) => m.route === r.route && m.check === `lighthouse ${r.summary.preset} performance`),
    )
    for (const { route, summary } of slow) {
      out.push(
        `  why ${route} ${summary.preset} performance is ${summary.scores.performance ?? 'n/a'} (benchmarkIndex ${summary.benchmarkIndex ?? 'n/a'}):`,
      )
      for (const d of summary.diagnostics)
        out.push(`      ${d.id}${d.displayValue ? ` [${d.displayValue}]` : ''}: ${d.top.join(' | ')}`)
    }
  }
  const t = report.timings
  out.push('')
  out.push(
    `time: ${seconds(t.totalMs)} total (${t.buildMs === undefined ? 'no build' : `build ${seconds(t.buildMs)}`}, bytes ${seconds(t.bytesMs)}, lighthouse ${seconds(t.lighthouseMs)}) on ${report.machine.cpus} CPU(s), load average ${report.machine.loadAverage.join(' ')}`,
  )
  return out.join('\n')
}

/** Writes the tables, the misses and the raw measurements as JSON. */
export async function writeJsonReport(file: string, report: AuditReport): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const json = { ...report, tables: { lighthouse: lighthouseRows(report), bytes: bytesRows(report) } }
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`)
}
