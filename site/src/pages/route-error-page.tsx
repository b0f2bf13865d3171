import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { useAssetUrl } from '../hooks/use-asset-url.ts'

/** Shown by RouteErrorBoundary (always inside the router). The heading is fixed by SPEC section 8. */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Unexpected Application Error!')
  const home = useAssetUrl('/')
  return (
    <section className="status-page" role="alert">
      <div className="container status-page__inner">
        <h1>Unexpected Application Error!</h1>
        <p className="status-page__error">{errorText(error)}</p>
        <div className="button-row button-row--center">
          {/* A full page load: the surest recovery after a failed chunk. */}
          <a href={home} className="button button--primary">
            Go to the home page
          </a>
        </div>
      </div>
    </section>
  )
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'statusText' in error) return String(error.statusText)
  return 'Unknown error'
}
