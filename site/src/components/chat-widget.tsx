import { lazy, Suspense, useCallback, useRef, useState, type ComponentType } from 'react'
import { useLocation } from 'react-router-dom'
import { useEscapeKey } from '../hooks/use-escape-key.ts'
import { useStepAside } from '../hooks/use-step-aside.ts'
import { useStrings } from '../i18n/language-context.ts'
import type { PanelProps } from './chat-panel.tsx'
import { Icon } from './icon.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

const PANEL_ID = 'chat-panel'

// The panel's code only: the search over the content (code and index) loads when the panel first mounts.
const importPanel = () => import('./chat-panel.tsx')

/** The panel in a language: its code, with the chat's texts and words in that language (each loaded once). */
const panels = new Map<string, ComponentType<PanelProps>>()
function panelIn(lang: string, defaultLanguage: string): ComponentType<PanelProps> {
  const key = `${lang} ${defaultLanguage}`
  let panel = panels.get(key)
  if (!panel) {
    panel = lazy(() =>
      importPanel()
        .then((module) => module.panelIn(lang, defaultLanguage))
        .then((component) => ({ default: component })),
    )
    panels.set(key, panel)
  }
  return panel
}

interface ChatWidgetProps {
  /** The page's language (BCP 47): the chat answers in it, from its content. */
  lang?: string
  /** site.language, whose chat data is at data/chat… (another's at data/<tag>/chat…). */
  defaultLanguage?: string
}

/**
 * The floating assistant on every page: a button that opens and closes a small chat panel. The
 * panel's code (conversation, reply matching) is a chunk of its own, fetched when the visitor
 * points at or focuses the button, so pages do not pay for it up front; the search index is
 * fetched only when the chat is first opened. Once opened, the panel
 * stays mounted (hidden when closed), so the conversation survives closing it. The button rests at
 * the same place on every page and steps up, clear of a link, button or field under it (issue 48).
 */
export function ChatWidget({ lang = 'en', defaultLanguage = lang }: ChatWidgetProps) {
  const strings = useStrings()
  const words = { openChat: strings.chatOpen, closeChat: strings.chatClose, loadError: strings.chatLoadError }
  const ChatPanel = panelIn(lang, defaultLanguage)
  const [open, setOpen] = useState(false)
  // Set on the first open; from then on the panel stays mounted (the server never renders it).
  const [started, setStarted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()
  useStepAside(frame, button, !open, pathname)

  const close = useCallback(() => {
    setOpen(false)
    button.current?.focus()
  }, [])
  useEscapeKey(open, close)

  const toggle = () => {
    setStarted(true)
    setOpen(!open)
  }
  const prefetch = () => {
    importPanel().catch(() => undefined)
  }

  return (
    <div className="chat" ref={frame}>
      {started ? (
        // If the panel's chunk cannot be fetched, the page stays as it is; only the chat says so.
        <RouteErrorBoundary
          fallback={
            open ? (
              <p className="chat__error" role="status">
                {words.loadError}
              </p>
            ) : null
          }
        >
          <Suspense fallback={null}>
            <ChatPanel id={PANEL_ID} open={open} onClose={close} />
          </Suspense>
        </RouteErrorBoundary>
      ) : null}
      <button
        ref={button}
        type="button"
        className="chat__toggle"
        aria-expanded={open}
        aria-controls={started ? PANEL_ID : undefined}
        onClick={toggle}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <Icon name={open ? 'close' : 'chat'} size={24} />
        <span className="visually-hidden">{open ? words.closeChat : words.openChat}</span>
      </button>
    </div>
  )
}
