import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useStrings } from '../i18n/language-context.ts'
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
  const strings = useStrings()
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
          {strings.viewFullSize}
          <span className="visually-hidden">{fillNodes(': {title}', { title })}</span>
        </button>
      )}
    >
      <div dangerouslySetInnerHTML={{ __html: svg }} />
    </ZoomDialog>
  )
}
