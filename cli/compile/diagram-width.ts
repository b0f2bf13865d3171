import type { DiagramSize } from './measure-diagram.ts'

/**
 * Whether a diagram reads at desktop width. The site shows a diagram no wider than its column and
 * never lets its text fall under MIN_TEXT_PX (it offers a full-size view instead), so a diagram wider
 * than DESKTOP_COLUMN_PX * (its text size / MIN_TEXT_PX) cannot be read in the page on any screen.
 */

/** The smallest text a visitor should have to read, in CSS px. */
export const MIN_TEXT_PX = 12

/** Inner width of a case study's diagram box at 1440 px (site/src/styles/project.css; the e2e test checks it). */
export const DESKTOP_COLUMN_PX = 790

/** The width at which the diagram's smallest text shows at MIN_TEXT_PX. */
export function readableWidth(size: Pick<DiagramSize, 'width' | 'textSize'>): number {
  return (size.width * MIN_TEXT_PX) / size.textSize
}

/** Why a diagram is too wide to read at desktop width, with a hint for its author; undefined when it reads. */
export function checkDiagramWidth(mermaid: string, size: DiagramSize): { message: string; hint: string } | undefined {
  const needed = readableWidth(size)
  if (needed <= DESKTOP_COLUMN_PX) return undefined
  const shown = (size.textSize * DESKTOP_COLUMN_PX) / size.width
  return {
    message: `the diagram is ${Math.round(size.width)} px wide: in the ${DESKTOP_COLUMN_PX} px column of a desktop screen its ${size.textSize} px text would show at ${(Math.floor(shown * 10) / 10).toFixed(1)} px (under ${MIN_TEXT_PX} px)`,
    hint: layoutHint(mermaid, size),
  }
}

function layoutHint(mermaid: string, size: DiagramSize): string {
  const header = mermaid.trim().split('\n')[0]?.trim().split(/\s+/) ?? []
  const [type = '', direction = ''] = header
  const fit = `it needs to be at most ${Math.floor((DESKTOP_COLUMN_PX * size.textSize) / MIN_TEXT_PX)} px wide`
  if ((type === 'flowchart' || type === 'graph') && /^(LR|RL)$/i.test(direction)) {
    return `"${type} ${direction}" with ${size.nodes} nodes lays them out in a row: try "${type} TB" (top to bottom), or fewer nodes side by side; ${fit}.`
  }
  if (type === 'sequenceDiagram') return `Use fewer participants or shorter messages; ${fit}.`
  return `Shorten the labels or split the diagram in two; ${fit}.`
}
