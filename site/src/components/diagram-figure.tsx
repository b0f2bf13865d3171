import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { resolveMarkup } from '../deferred-markup.ts'
import type { RenderedDiagram } from '../generated/types.ts'
import { DiagramDialog } from './diagram-dialog.tsx'

/** The smallest text a visitor should have to read in a diagram, in CSS px (cli/compile/diagram-width.ts). */
export const MIN_TEXT_PX = 12

/** How much the diagram must be enlarged for its smallest text to show at MIN_TEXT_PX (at least 1). */
export function readableScale(diagram: Pick<RenderedDiagram, 'textSize'>): number {
  return Math.max(1, MIN_TEXT_PX / diagram.textSize)
}

/**
 * A Mermaid diagram rendered to SVG at build time (the SVG names itself; the caption names the
 * figure). It is drawn at the size where its smallest text shows at 12 px, or narrower to fit its
 * column while the text stays at least that size. When the column is narrower still, it shows the
 * whole picture scaled to fit, with a "View full size" button that opens it in a dialog to zoom and pan.
 */
export function DiagramFigure({
  diagram,
  markupKey,
  label,
}: {
  diagram: RenderedDiagram
  markupKey?: string
  label?: string
}) {
  const svg = resolveMarkup(diagram.svg, markupKey)
  const canvas = useRef<HTMLDivElement>(null)
  const [fits, setFits] = useState<boolean | undefined>(undefined)
  const readableWidth = diagram.width * readableScale(diagram)

  useEffect(() => {
    const element = canvas.current?.querySelector('svg')
    if (!element) return
    // Measured rather than assumed: the column's width depends on the screen and the font size.
    const measure = () =>
      setFits((element.getBoundingClientRect().width / diagram.width) * diagram.textSize >= MIN_TEXT_PX - 0.01)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [diagram.width, diagram.textSize])

  const style = { '--diagram-width': `${Math.ceil(readableWidth)}px` } as CSSProperties
  return (
    <figure className="card diagram" data-fit={fits === undefined ? undefined : fits ? 'yes' : 'no'}>
      <figcaption className="diagram__caption">
        <strong>{diagram.title}</strong>
        {diagram.caption ? <span>{diagram.caption}</span> : null}
      </figcaption>
      <div
        className="diagram__canvas"
        ref={canvas}
        style={style}
        data-markup={markupKey}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      {/* In the page from the start (hidden until measured), so the page's controls do not change once it is shown. */}
      <div className="diagram__action" hidden={fits !== false}>
        <DiagramDialog svg={svg} title={label ?? diagram.title} width={diagram.width} scale={readableScale(diagram)} />
      </div>
    </figure>
  )
}
