import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useHref, useLinkClickHandler, useNavigate, type To } from 'react-router-dom'
import { paths } from '../paths.ts'
import { loadHomeData, prefetchHomeData } from '../home-data.ts'

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To }

/**
 * A router link: a real `<a href>` (works without JavaScript, opens in a new tab with a modifier
 * key) that navigates in the app on a plain click. Used instead of react-router's `<Link>`, whose
 * framework-mode prefetching and route discovery this static site never uses but every visitor
 * would download.
 */
export function AppLink({ to, onClick, target, onMouseEnter, onFocus, ...rest }: AppLinkProps) {
  const href = useHref(to)
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target })
  const navigateTo = useNavigate()
  const toHome = (typeof to === 'string' ? to.split('#')[0] : to.pathname) === paths.home
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented) return
    // The home page's cards (and posts) are data of their own: have them before the page changes, so it
    // renders whole at once (and its #projects anchor exists) instead of suspending.
    if (
      toHome &&
      !event.button &&
      !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
      (!target || target === '_self')
    ) {
      event.preventDefault()
      const go = () => void navigateTo(to)
      loadHomeData().then(go, go)
      return
    }
    navigate(event)
  }
  const prefetch = toHome ? prefetchHomeData : undefined
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={handleClick}
      onMouseEnter={(event) => (onMouseEnter?.(event), prefetch?.())}
      onFocus={(event) => (onFocus?.(event), prefetch?.())}
    />
  )
}
