/**
 * Dates of the career lists as people read them, the same on the site and in the resume: the content
 * rules have checked each date is "YYYY" or "YYYY-MM" (an end may be "present").
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "2019-04" → "Apr 2019"; "2019" → "2019"; "present" → "Present". */
export function formatDate(date: string): string {
  if (date === 'present') return 'Present'
  const [year, month] = date.split('-')
  return month === undefined ? String(year) : `${MONTHS[Number(month) - 1]} ${year}`
}

/** "Apr 2019 – Present", "2017 – 2020", or the duration ("7+ years") an entry gives instead of dates. */
export function formatPeriod(entry: { start?: unknown; end?: unknown; duration?: unknown }): string | undefined {
  if (typeof entry.start === 'string')
    return `${formatDate(entry.start)} – ${formatDate(typeof entry.end === 'string' ? entry.end : 'present')}`
  return typeof entry.duration === 'string' ? entry.duration : undefined
}
