import { Fragment, type ReactNode } from 'react'

/**
 * A message whose placeholders are parts of the page (a link, a `<time>`, an emphasised number):
 * `fillNodes('Updated {date}', { date: <time …/> })`. The text between them stays text nodes of
 * their own, as the JSX that wrote the English inline rendered them, so the HTML is unchanged.
 * A placeholder not given stays as written.
 */
export function fillNodes(template: string, values: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return template
    .split(/\{([A-Za-z]+)\}/)
    .map((part, i) => (i % 2 === 0 ? part : part in values ? <Fragment key={i}>{values[part]}</Fragment> : `{${part}}`))
    .filter((part) => part !== '')
}
