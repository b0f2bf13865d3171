import sanitizeHtml from 'sanitize-html'
import { sha256Hex } from '../sha256.ts'

const SVG_TAGS = [
  'svg',
  'style',
  'defs',
  'marker',
  'polygon',
  'g',
  'rect',
  'text',
  'tspan',
  'polyline',
  'line',
  'ellipse',
  'circle',
  'path',
  'title',
]
const SVG_ATTRIBUTES = [
  'xmlns',
  'viewBox',
  'width',
  'height',
  'style',
  'id',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'orient',
  'points',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linejoin',
  'stroke-linecap',
  'class',
  'x',
  'y',
  'rx',
  'ry',
  'font-size',
  'font-weight',
  'font-style',
  'dy',
  'dx',
  'marker-end',
  'marker-start',
  'text-anchor',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'd',
  'stroke-dasharray',
  'transform',
  'role',
  'aria-label',
  'aria-hidden',
  'focusable',
  'dominant-baseline',
  'opacity',
]

/** Only drawing elements survive: no script, foreignObject, links or event handlers, whatever the renderer emits. */
const SVG_POLICY: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowVulnerableTags: true, // <style> inside the SVG: its CSS is the renderer's own, minus @import (removed below).
  parser: { lowerCaseTags: false, lowerCaseAttributeNames: false },
}

export class DiagramRenderError extends Error {
  override name = 'DiagramRenderError'
}

/** Draws one diagram: Mermaid source and the diagram's title → sanitised inline SVG. Throws DiagramRenderError. */
export type DiagramRenderer = (source: string, title: string) => string

/** beautiful-mermaid's renderer: Mermaid source → SVG text. */
type RenderMermaidSvg = (source: string) => string

/**
 * The diagram renderer. beautiful-mermaid (with elkjs, a large module to load) is imported here, on
 * first use, so that compiling projects without diagrams never loads it.
 */
export async function loadDiagramRenderer(): Promise<DiagramRenderer> {
  const { renderMermaidSVG } = await import('beautiful-mermaid')
  return (source, title) => renderDiagram(renderMermaidSVG, source, title)
}

/**
 * Mermaid source → a self-contained inline SVG. Ids are made unique per diagram so several diagrams
 * can share a page; the web-font @import is dropped (no third-party requests, CSP stays strict).
 */
function renderDiagram(render: RenderMermaidSvg, source: string, title: string): string {
  let svg: string
  try {
    svg = render(source)
  } catch (error) {
    throw new DiagramRenderError(error instanceof Error ? error.message : String(error), { cause: error })
  }
  const prefix = 'd' + sha256Hex(source).slice(0, 8) + '-'
  svg = svg
    .replace(/@import\s+url\([^)]*\)\s*;?/g, '')
    .replace(/ data-[\w-]+="[^"]*"/g, '')
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    // The renderer's stylesheet targets `svg` and `text` globally; scope it to diagrams.
    .replace(/^(\s*)svg \{/m, '$1.diagram-svg {')
    .replace(/^(\s*)text \{/m, '$1.diagram-svg text {')
    .replace(
      /^<svg /,
      `<svg class="diagram-svg" role="img" aria-label="${title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}" `,
    )
  return (
    sanitizeHtml(svg, SVG_POLICY)
      // Paint may only reference the diagram's own definitions: url(#id). Any other url() goes.
      .replace(/\s[\w-]+="[^"]*url\((?!\s*['"]?#)[^"]*"/gi, '')
      .replace(/url\((?!\s*['"]?#)[^)]*\)/gi, 'none')
      .replace(/\n\s*\n/g, '\n')
      .trim()
  )
}
