/**
 * A case study's markup (compiled markdown and diagram SVG: about half of its data) is already in the
 * prerendered HTML. The data a case-study page carries for hydration leaves it out (entry-server
 * puts DEFERRED_MARKUP in its place), so a visitor who lands on a case study does not download it a
 * second time: before hydrating, entry-client captures it from the page, and the components read it
 * from there. A case study reached by client-side navigation fetches its full data instead.
 */

/** What the build puts in the data where markup was moved out. */
export const DEFERRED_MARKUP = '\u2063deferred-markup'

type Holder = Record<string, unknown>

const isRecord = (value: unknown): value is Holder =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Visits every markup string of a project: each section's `intro`, `body` and (a gallery's)
 * `summary`, and each diagram's `svg`, with a key naming its place (`<section id>/intro`, `<section id>/body`,
 * `<section id>/diagram-<n>`, a database section's `<section id>/er-diagram`). Used by the build and by the site, so both name places alike.
 */
export function forEachMarkup(project: unknown, visit: (key: string, holder: Holder, field: string) => void): void {
  const sections = isRecord(project) && Array.isArray(project.sections) ? project.sections : []
  for (const section of sections) {
    if (!isRecord(section)) continue
    const id = String(section.id)
    for (const field of ['intro', 'body', 'summary'])
      if (typeof section[field] === 'string') visit(`${id}/${field}`, section, field)
    if (isRecord(section.diagram) && typeof section.diagram.svg === 'string')
      visit(`${id}/er-diagram`, section.diagram, 'svg')
    if (!Array.isArray(section.diagrams)) continue
    section.diagrams.forEach((diagram: unknown, index) => {
      if (isRecord(diagram) && typeof diagram.svg === 'string') visit(`${id}/diagram-${index}`, diagram, 'svg')
    })
  }
}

/** The `data-markup` value of the element that holds a piece of a project's markup. */
export function markupKey(projectId: string, key: string): string {
  return `${projectId}:${key}`
}

/** Markup of the prerendered page, by markupKey, captured before hydration. */
const captured = new Map<string, string>()

/** Call once before hydrating: keeps the markup of every `[data-markup]` element of the page. */
export function captureServerMarkup(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-markup]')) {
    const key = element.dataset.markup
    if (key) captured.set(key, element.innerHTML)
  }
}

/** The markup to render: `html` itself, or, where the build deferred it, the captured markup. */
export function resolveMarkup(html: string, key: string | undefined): string {
  return html === DEFERRED_MARKUP && key !== undefined ? (captured.get(key) ?? '') : html
}
