/**
 * Dates as people read them in a page's language, the same on the site and in the resume: the content
 * rules have checked each career date is "YYYY" or "YYYY-MM" (an end may be "present"), and a post's
 * is an ISO day. Formatted by Intl with the language given and in UTC, so the server's and the
 * browser's text are the same whatever their own locale and time zone (a date is a calendar day or
 * month; it is never moved into the reader's zone).
 */

/** What a date needs from the page's language: its tag, and its word for an end that has not come. */
export interface DateWords {
  lang: string
  /** "Present" in English. */
  present: string
}

/** The default: English, as the site and the resume were before they had languages. */
export const ENGLISH_DATES: DateWords = { lang: 'en', present: 'Present' }

const formatters = new Map<string, Intl.DateTimeFormat>()

/** One formatter per language and shape (making one is the slow part). */
function formatter(lang: string, shape: 'year' | 'month' | 'day'): Intl.DateTimeFormat {
  const key = `${lang} ${shape}`
  let format = formatters.get(key)
  if (!format) {
    const parts: Intl.DateTimeFormatOptions =
      shape === 'year'
        ? { year: 'numeric' }
        : shape === 'month'
          ? { year: 'numeric', month: 'short' }
          : { year: 'numeric', month: 'long', day: 'numeric' }
    format = new Intl.DateTimeFormat(lang, { ...parts, timeZone: 'UTC' })
    formatters.set(key, format)
  }
  return format
}

/** "2019-04" → "Apr 2019"; "2019" → "2019"; "present" → "Present" (in English). */
export function formatDate(date: string, words: DateWords = ENGLISH_DATES): string {
  if (date === 'present') return words.present
  const [year, month] = date.split('-').map(Number)
  if (year === undefined || Number.isNaN(year)) return date
  if (month === undefined) return formatter(words.lang, 'year').format(Date.UTC(year, 0, 1))
  return formatter(words.lang, 'month').format(Date.UTC(year, month - 1, 1))
}

/** "Apr 2019 – Present", "2017 – 2020", or the duration ("7+ years") an entry gives instead of dates. */
export function formatPeriod(
  entry: { start?: unknown; end?: unknown; duration?: unknown },
  words: DateWords = ENGLISH_DATES,
): string | undefined {
  if (typeof entry.start === 'string')
    return `${formatDate(entry.start, words)} – ${formatDate(typeof entry.end === 'string' ? entry.end : 'present', words)}`
  return typeof entry.duration === 'string' ? entry.duration : undefined
}

/** "March 14, 2026" (in English) for "2026-03-14", or a full ISO timestamp of an external post (its UTC day). */
export function formatDay(iso: string, lang = 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!match) return iso
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isNaN(time) ? iso : formatter(lang, 'day').format(time)
}
