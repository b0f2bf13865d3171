import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { useAssetUrl } from '../hooks/use-asset-url.ts'
import { useStrings } from '../i18n/language-context.ts'
import type { Strings } from '../i18n/strings.ts'

/** Shown by RouteErrorBoundary (always inside the router). The heading is fixed by SPEC section 8. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const strings = useStrings()
  useDocumentTitle(strings.errorTitle)
  const home = useAssetUrl('/')
  return (
    <section className="status-page" role="alert">
      <div className="container status-page__inner">
        <h1>{strings.errorTitle}</h1>
        <p className="status-page__error">{errorText(error, strings)}</p>
        <div className="button-row button-row--center">
          {/* A full page load: the surest recovery after a failed chunk. */}
          <a href={home} className="button button--primary">
            {strings.goHome}
          </a>
        </div>
      </div>
    </section>
  )
}

function errorText(error: unknown, strings: Strings): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'statusText' in error) return String(error.statusText)
  return strings.unknownError
}
