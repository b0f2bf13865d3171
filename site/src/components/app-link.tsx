import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useHref, useLinkClickHandler, type To } from 'react-router-dom'

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To }

/**
 * A router link: a real `<a href>` (works without JavaScript, opens in a new tab with a modifier
 * key) that navigates in the app on a plain click. Used instead of react-router's `<Link>`, whose
 * framework-mode prefetching and route discovery this static site never uses but every visitor
 * would download.
 */
export function AppLink({ to, onClick, target, ...rest }: AppLinkProps) {
  const href = useHref(to)
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target })
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) navigate(event)
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />
}
