/**
 * Dates of the career lists as people read them, the same on the site and in the resume: the content
 * rules have checked each date is "YYYY" or "YYYY-MM" (an end may be "present").
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "2019-04" → "Apr 2019"; "2019" → "2019"; "present" → "Present". */
export function formatDate(date: string): string {
  if (date === 'present') return 'Present'
  const [year, month] = date.split('-')
  return month === undefined ? String(year) : `${MONTHS[Number(month) - 1]?.slice(0, 3)} ${year}`
}

/** "Apr 2019 – Present", "2017 – 2020", or the duration ("7+ years") an entry gives instead of dates. */
export function formatPeriod(entry: { start?: unknown; end?: unknown; duration?: unknown }): string | undefined {
  if (typeof entry.start === 'string')
    return `${formatDate(entry.start)} – ${formatDate(typeof entry.end === 'string' ? entry.end : 'present')}`
  return typeof entry.duration === 'string' ? entry.duration : undefined
}

/**
 * "14 March 2026" for "2026-03-14" (or a full ISO timestamp of an external post), as a post's dates
 * show: spelled out here rather than by Intl, so the server's and the browser's text are the same
 * whatever their locale and time zone (a date is a calendar day; it is not moved into the reader's zone).
 */
export function formatDay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined
  if (!match || !month) return iso
  return `${Number(match[3])} ${month} ${match[1]}`
}
