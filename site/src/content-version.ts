import { useSyncExternalStore } from 'react'

/**
 * A counter the dev server's content updates bump, so components that show fetched content (the
 * project cards, a case study) render again and load it afresh. In a production build nothing bumps it.
 */
export function contentVersion(): { bump: () => void; useVersion: () => number } {
  let version = 0
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const current = () => version
  return {
    bump: () => {
      version += 1
      for (const listener of listeners) listener()
    },
    useVersion: () => useSyncExternalStore(subscribe, current, current),
  }
}
