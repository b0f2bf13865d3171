import type { CSSProperties } from 'react'
import { resolveMarkup } from '../deferred-markup.ts'
import type { RenderedDiagram } from '../generated/types.ts'

/** A Mermaid diagram rendered to SVG at build time (the SVG names itself; the caption names the
 * figure). It shrinks to fit, but never below 70% of its drawn size, so labels stay readable: a
 * wider diagram scrolls sideways inside its own box. */
export function DiagramFigure({ diagram, markupKey }: { diagram: RenderedDiagram; markupKey?: string }) {
  const svg = resolveMarkup(diagram.svg, markupKey)
  const width = /\swidth="([\d.]+)"/.exec(svg)?.[1]
  const style = width ? ({ '--diagram-width': `${width}px` } as CSSProperties) : undefined
  return (
    <figure className="card diagram">
      <figcaption className="diagram__caption">
        <strong>{diagram.title}</strong>
        {diagram.caption ? <span>{diagram.caption}</span> : null}
      </figcaption>
      <div
        className="diagram__canvas"
        role="group"
        aria-label={diagram.title}
        tabIndex={0}
        style={style}
        data-markup={markupKey}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </figure>
  )
}
