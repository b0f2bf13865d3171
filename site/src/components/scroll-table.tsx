import type { ReactNode } from 'react'

/** Lets a wide table scroll sideways inside its own box on phones, never the page. Focusable so
 * keyboard users can scroll it too. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table>{children}</table>
    </div>
  )
}
