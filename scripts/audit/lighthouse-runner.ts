import lighthouse, { desktopConfig } from 'lighthouse'

export type Preset = 'mobile' | 'desktop'
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

/** An audit that cost points: score below 1 in a category that weighs it. */
export interface LosingAudit {
  category: Category
  id: string
  title: string
  score: number
  weight: number
  displayValue?: string
}

/** The parts of a Lighthouse result the audit uses, narrowed from Lighthouse's loose types. */
export interface LighthouseSummary {
  url: string
  preset: Preset
  /** 0..1 per category; null when Lighthouse could not score it (a runtime error). */
  scores: Record<Category, number | null>
  lcpMs: number | null
  cls: number | null
  tbtMs: number | null
  /** Weighted audits that scored below 1, worst first: the diagnosis for a missed category budget. */
  losing: LosingAudit[]
  /** Lighthouse's runtime error or warnings (e.g. page did not load), if any. */
  runtimeError?: string
  warnings: string[]
  /** Lighthouse's CPU benchmark of this machine; its simulated throttling scales observed CPU time. */
  benchmarkIndex: number | null
  /** Context for a missed performance budget (main-thread breakdown, long tasks, non-composited animations…). */
  diagnostics: DiagnosticAudit[]
  durationMs: number
}

export interface DiagnosticAudit {
  id: string
  title: string
  displayValue?: string
  /** The audit's top rows, as text (e.g. "Rendering 3334 ms", "/assets/index.js 370 ms"). */
  top: string[]
}

/** Informative audits (weight 0) kept with every run, because they explain a performance score. */
export const DIAGNOSTIC_AUDITS = [
  'mainthread-work-breakdown',
  'bootup-time',
  'long-tasks',
  'non-composited-animations',
  'render-blocking-resources',
  'layout-shifts',
] as const

/**
 * One Lighthouse navigation of `url` on the Chromium listening on `port` (127.0.0.1), with the mobile
 * preset (Lighthouse's default config: moto g power, simulated slow 4G and 4x CPU) or the desktop preset.
 * `categories` narrows the run (the test suite leaves performance, a score that moves with machine load, to `npm run audit`).
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  port: number,
  categories: readonly Category[] = CATEGORIES,
): Promise<LighthouseSummary> {
  const started = performance.now()
  const result: unknown = await lighthouse(
    url,
    { port, hostname: '127.0.0.1', output: 'json', logLevel: 'error', onlyCategories: [...categories] },
    preset === 'desktop' ? desktopConfig : undefined,
  )
  return summarize(url, preset, lhrOf(result), performance.now() - started)
}

/** Runs Lighthouse `runs` times and keeps the run with the median performance score (Lighthouse's advice for noisy machines). */
export async function runLighthouseMedian(
  url: string,
  preset: Preset,
  port: number,
  runs: number,
): Promise<LighthouseSummary & { runs: number[] }> {
  const all: LighthouseSummary[] = []
  for (let i = 0; i < Math.max(1, runs); i++) all.push(await runLighthouse(url, preset, port))
  const sorted = [...all].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1))
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? all[0]!
  return {
    ...median,
    durationMs: all.reduce((t, r) => t + r.durationMs, 0),
    runs: all.map((r) => r.scores.performance ?? NaN),
  }
}

// ---- narrowing: everything below reads `unknown` and checks each field it uses ----

type UnknownRecord = Record<string, unknown>
const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null
const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback)

function lhrOf(result: unknown): UnknownRecord {
  if (!isRecord(result) || !isRecord(result.lhr)) throw new Error('Lighthouse returned no result')
  return result.lhr
}

export function summarize(url: string, preset: Preset, lhr: UnknownRecord, durationMs: number): LighthouseSummary {
  const categories = isRecord(lhr.categories) ? lhr.categories : {}
  const audits = isRecord(lhr.audits) ? lhr.audits : {}
  const audit = (id: string): UnknownRecord => (isRecord(audits[id]) ? audits[id] : {})
  const scores = {} as Record<Category, number | null>
  const losing: LosingAudit[] = []
  for (const category of CATEGORIES) {
    const entry = categories[category]
    scores[category] = isRecord(entry) ? numberOrNull(entry.score) : null
    const refs = isRecord(entry) && Array.isArray(entry.auditRefs) ? entry.auditRefs : []
    for (const ref of refs) {
      if (!isRecord(ref) || typeof ref.id !== 'string') continue
      const weight = numberOrNull(ref.weight) ?? 0
      const result = audit(ref.id)
      const score = numberOrNull(result.score)
      if (weight <= 0 || score === null || score >= 1) continue
      const displayValue =
        typeof result.displayValue === 'string' && result.displayValue ? result.displayValue : undefined
      losing.push({
        category,
        id: ref.id,
        title: stringOr(result.title, ref.id),
        score,
        weight,
        ...(displayValue ? { displayValue } : {}),
      })
    }
  }
  losing.sort((a, b) => (1 - b.score) * b.weight - (1 - a.score) * a.weight)
  const runtime = isRecord(lhr.runtimeError) ? lhr.runtimeError : undefined
  const environment = isRecord(lhr.environment) ? lhr.environment : {}
  return {
    url,
    preset,
    scores,
    lcpMs: numberOrNull(audit('largest-contentful-paint').numericValue),
    cls: numberOrNull(audit('cumulative-layout-shift').numericValue),
    tbtMs: numberOrNull(audit('total-blocking-time').numericValue),
    losing,
    ...(runtime ? { runtimeError: `${stringOr(runtime.code, 'ERROR')}: ${stringOr(runtime.message, '')}` } : {}),
    warnings: Array.isArray(lhr.runWarnings) ? lhr.runWarnings.filter((w): w is string => typeof w === 'string') : [],
    benchmarkIndex: numberOrNull(environment.benchmarkIndex),
    diagnostics: DIAGNOSTIC_AUDITS.map((id) => diagnostic(id, audit(id))).filter(
      (d): d is DiagnosticAudit => d !== undefined,
    ),
    durationMs,
  }
}

function diagnostic(id: string, result: UnknownRecord): DiagnosticAudit | undefined {
  const details = isRecord(result.details) ? result.details : {}
  const items = Array.isArray(details.items) ? details.items.filter(isRecord) : []
  const displayValue = typeof result.displayValue === 'string' && result.displayValue ? result.displayValue : undefined
  if (!displayValue && items.length === 0) return undefined
  return {
    id,
    title: stringOr(result.title, id),
    ...(displayValue ? { displayValue } : {}),
    top: items.slice(0, 4).map(describeItem),
  }
}

/** One table row of a diagnostic audit as text: its label (group, URL or element) and its main number. */
function describeItem(item: UnknownRecord): string {
  const node = isRecord(item.node) ? item.node : {}
  const label =
    [item.groupLabel, item.url, node.selector, node.snippet].find(
      (v): v is string => typeof v === 'string' && v !== '',
    ) ?? '?'
  const ms = [item.duration, item.total, item.wastedMs].map(numberOrNull).find((v) => v !== null)
  const sub = isRecord(item.subItems) && Array.isArray(item.subItems.items) ? item.subItems.items.filter(isRecord) : []
  const reasons = sub.map((s) => s.failureReason).filter((r): r is string => typeof r === 'string')
  const short = label.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '')
  return [
    short.length > 90 ? `${short.slice(0, 87)}...` : short,
    ms !== undefined && ms !== null ? `${Math.round(ms)} ms` : '',
    reasons.length ? `(${[...new Set(reasons)].join('; ')})` : '',
  ]
    .filter(Boolean)
    .join(' ')
}
