import { Suspense, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { ChatWidget } from './components/chat-widget.tsx'
import { useLanguage } from './i18n/language-context.ts'
import { UntranslatedNotice } from './components/untranslated-notice.tsx'
import { RouteErrorBoundary } from './components/route-error-boundary.tsx'
import { SiteFooter } from './components/site-footer.tsx'
import { SiteHeader } from './components/site-header.tsx'
import { useScrollOnNavigate } from './hooks/use-scroll-on-navigate.ts'
import { useStrings } from './i18n/language-context.ts'
import './styles/tokens.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/home.css'
import './styles/project.css'
import './styles/writing.css'
import './styles/highlight.css'
import './styles/chat.css'
import './styles/print.css'

const MAIN_ID = 'main'

/** The layout of every page: skip link, header, the page, footer and the chat assistant. A page
 * that fails shows the route error page inside the layout; the boundary is keyed by path, so
 * navigating elsewhere recovers. */
export function App({ children }: { children: ReactNode }) {
  const { lang, languages } = useLanguage()
  const { pathname } = useLocation()
  useScrollOnNavigate()
  const strings = useStrings()
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {strings.skipToContent}
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1}>
        <UntranslatedNotice path={pathname} />
        <RouteErrorBoundary key={pathname}>
          {/* Only reached if a case study is rendered before its chunks arrived (project links load
              them before navigating; entry-client before hydrating). */}
          <Suspense fallback={null}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <ChatWidget lang={lang} defaultLanguage={languages[0] ?? lang} />
    </>
  )
}
