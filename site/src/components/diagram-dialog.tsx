import { ZoomDialog } from './zoom-dialog.tsx'

/**
 * "View full size" for a diagram: its SVG in the zoom dialog, opened at its readable scale (its
 * smallest text at 12 px).
 */
export function DiagramDialog({
  svg,
  title,
  width,
  scale,
}: {
  svg: string
  title: string
  width: number
  scale: number
}) {
  return (
    <ZoomDialog
      title={title}
      width={width}
      scale={scale}
      opener={({ ref, onClick }) => (
        <button
          type="button"
          className="button button--secondary button--small diagram__full-size"
          ref={ref}
          onClick={onClick}
        >
          View full size<span className="visually-hidden">: {title}</span>
        </button>
      )}
    >
      <div dangerouslySetInnerHTML={{ __html: svg }} />
    </ZoomDialog>
  )
}
