import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Icon } from './icon.tsx'

const ZOOM_STEP = 1.25
const MAX_ZOOM = 4

/**
 * "View full size": the diagram in a modal dialog (native <dialog>: focus stays inside, Escape
 * closes, focus returns to the button), drawn at its readable scale. The picture pans by scrolling
 * (arrow keys once the picture has focus, or dragging) and zooms with the buttons or + and - keys.
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
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [zoom, setZoom] = useState(scale)
  const drag = useRef<{ x: number; y: number; left: number; top: number } | undefined>(undefined)

  const show = () => {
    setZoom(scale)
    setOpen(true)
    dialog.current?.showModal()
  }
  const zoomBy = (factor: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(scale / 2, z * factor)))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP)
    else if (event.key === '-') zoomBy(1 / ZOOM_STEP)
    else if (event.key === '0') setZoom(scale)
    else return
    event.preventDefault()
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return // touch pans natively
    const view = event.currentTarget
    drag.current = { x: event.clientX, y: event.clientY, left: view.scrollLeft, top: view.scrollTop }
    view.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start) return
    event.currentTarget.scrollLeft = start.left - (event.clientX - start.x)
    event.currentTarget.scrollTop = start.top - (event.clientY - start.y)
  }
  const titleId = useId()

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small diagram__full-size"
        ref={opener}
        onClick={show}
      >
        View full size<span className="visually-hidden">: {title}</span>
      </button>
      <dialog
        ref={dialog}
        className="diagram-dialog"
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false)
          opener.current?.focus()
        }}
        onKeyDown={onKeyDown}
      >
        <div className="diagram-dialog__bar">
          <h2 id={titleId} className="diagram-dialog__title">
            {title}
          </h2>
          <div className="diagram-dialog__tools" role="group" aria-label="Zoom">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => zoomBy(1 / ZOOM_STEP)}
              aria-keyshortcuts="-"
            >
              <span aria-hidden="true">−</span>
              <span className="visually-hidden">Zoom out</span>
            </button>
            <output className="diagram-dialog__zoom" aria-live="polite">
              {Math.round((zoom / scale) * 100)}%
            </output>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => zoomBy(ZOOM_STEP)}
              aria-keyshortcuts="+"
            >
              <span aria-hidden="true">+</span>
              <span className="visually-hidden">Zoom in</span>
            </button>
            <button type="button" className="icon-button" onClick={() => dialog.current?.close()}>
              <Icon name="close" size={18} />
              <span className="visually-hidden">Close</span>
            </button>
          </div>
        </div>
        {open ? (
          <div
            className="diagram-dialog__view"
            tabIndex={0}
            role="group"
            aria-label={`${title}: scroll or use the arrow keys to pan, + and - to zoom`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = undefined)}
            onPointerCancel={() => (drag.current = undefined)}
          >
            <div
              className="diagram-dialog__picture"
              style={{ width: `${Math.round(width * zoom)}px` }}
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          </div>
        ) : null}
      </dialog>
    </>
  )
}
