import { Component, type ReactNode } from 'react'
import { RouteErrorPage } from '../pages/route-error-page.tsx'

interface State {
  error: unknown
  failed: boolean
}

/** The routes' error element: an error thrown while a page renders or loads (e.g. a case study's
 * chunk cannot be fetched) shows the route error page instead of a blank screen. Rendered by App
 * around the page (keyed by path, so navigating away recovers) and around the whole app; `fallback`
 * replaces the page for parts that should fail quietly (the chat panel). */
export class RouteErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, State> {
  override state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return this.props.fallback ?? <RouteErrorPage error={this.state.error} />
  }
}
