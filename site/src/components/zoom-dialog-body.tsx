import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { useLanguage, useStrings } from '../i18n/language-context.ts'
import { fill } from '../i18n/strings.ts'
import { Icon } from './icon.tsx'

const ZOOM_STEP = 1.25
const MAX_ZOOM = 4

/** What the dialog shows, and how it opens; see ZoomDialog (zoom-dialog.tsx), which loads it. */
export interface ZoomDialogBodyProps {
  title: string
  /** The picture's width in CSS px at zoom 1. */
  width: number
  /** The zoom shown as 100% and opened at; a function measures the picture's view when it opens (e.g. to fit it). */
  scale: number | ((view: HTMLElement) => number)
  /** The picture, drawn while the dialog is open (nothing is fetched or drawn before). */
  children: ReactNode
  className?: string
  /** How many times the opener asked for the dialog: each new count opens it. */
  opened: number
  /** The opener, which has the focus back when the dialog closes. */
  openerRef: RefObject<HTMLButtonElement | null>
}

/**
 * "View full size": a picture in a modal dialog (native <dialog>: focus stays inside, Escape closes,
 * focus returns to the opener), at the scale it opens at. The picture pans by scrolling (arrow keys
 * once the picture has focus, or dragging) and zooms with the buttons or + and - keys (0 resets).
 * Diagrams and gallery images both open in it.
 */
export function ZoomDialogBody({ title, width, scale, children, className, opened, openerRef }: ZoomDialogBodyProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const view = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const fixed = typeof scale === 'number' ? scale : 1
  const [base, setBase] = useState(fixed)
  const [zoom, setZoom] = useState(fixed)
  const pan = useDragPan()

  const measure = useRef(scale)
  measure.current = scale
  // A measured scale is taken when the dialog opens, once its view is laid out and before it is painted.
  useLayoutEffect(() => {
    const scaleOf = measure.current
    if (!open || typeof scaleOf === 'number' || !view.current) return
    const measured = scaleOf(view.current)
    setBase(measured)
    setZoom(measured)
  }, [open])

  // Each ask of the opener (a new count) opens the dialog at its starting scale.
  const start = useRef(fixed)
  start.current = fixed
  useLayoutEffect(() => {
    if (opened === 0) return
    setBase(start.current)
    setZoom(start.current)
    setOpen(true)
    dialog.current?.showModal()
  }, [opened])
  const zoomBy = (factor: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(base / 2, z * factor)))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP)
    else if (event.key === '-') zoomBy(1 / ZOOM_STEP)
    else if (event.key === '0') setZoom(base)
    else return
    event.preventDefault()
  }
  const titleId = useId()
  const strings = useStrings()

  return (
    <dialog
      ref={dialog}
      className={className ? `diagram-dialog ${className}` : 'diagram-dialog'}
      aria-labelledby={titleId}
      onClose={() => {
        setOpen(false)
        openerRef.current?.focus()
      }}
      onKeyDown={onKeyDown}
    >
      <div className="diagram-dialog__bar">
        <h2 id={titleId} className="diagram-dialog__title">
          {title}
        </h2>
        <ZoomTools percent={Math.round((zoom / base) * 100)} zoomBy={zoomBy} close={() => dialog.current?.close()} />
      </div>
      {open ? (
        <div
          ref={view}
          className="diagram-dialog__view"
          tabIndex={0}
          role="group"
          aria-label={fill(strings.zoomHelp, { title })}
          {...pan}
        >
          <div className="diagram-dialog__picture" style={{ width: `${Math.round(width * zoom)}px` }}>
            {children}
          </div>
        </div>
      ) : null}
    </dialog>
  )
}

/** The dialog's zoom out, zoom level, zoom in and close buttons. */
function ZoomTools({
  percent,
  zoomBy,
  close,
}: {
  percent: number
  zoomBy: (factor: number) => void
  close: () => void
}) {
  const { strings, lang } = useLanguage()
  return (
    <div className="diagram-dialog__tools" role="group" aria-label={strings.zoom}>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => zoomBy(1 / ZOOM_STEP)}
        aria-keyshortcuts="-"
      >
        <span aria-hidden="true">−</span>
        <span className="visually-hidden">{strings.zoomOut}</span>
      </button>
      <output className="diagram-dialog__zoom" aria-live="polite">
        {formatPercent(percent, lang)}
      </output>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => zoomBy(ZOOM_STEP)}
        aria-keyshortcuts="+"
      >
        <span aria-hidden="true">+</span>
        <span className="visually-hidden">{strings.zoomIn}</span>
      </button>
      <button type="button" className="icon-button" onClick={close}>
        <Icon name="close" size={18} />
        <span className="visually-hidden">{strings.close}</span>
      </button>
    </div>
  )
}

/** "100%" as the page's language writes a percentage ("100 %" in French, "١٠٠٪" in Arabic). */
function formatPercent(percent: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent' }).format(percent / 100)
}

/** Dragging with the mouse pans a scrolling view (touch pans natively): the handlers to spread on it. */
function useDragPan() {
  const drag = useRef<{ x: number; y: number; left: number; top: number } | undefined>(undefined)
  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.pointerType !== 'mouse' || event.button !== 0) return
      const target = event.currentTarget
      drag.current = { x: event.clientX, y: event.clientY, left: target.scrollLeft, top: target.scrollTop }
      target.setPointerCapture(event.pointerId)
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const start = drag.current
      if (!start) return
      event.currentTarget.scrollLeft = start.left - (event.clientX - start.x)
      event.currentTarget.scrollTop = start.top - (event.clientY - start.y)
    },
    onPointerUp: () => {
      drag.current = undefined
    },
    onPointerCancel: () => {
      drag.current = undefined
    },
  }
}
