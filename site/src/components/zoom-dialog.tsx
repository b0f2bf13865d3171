import { lazy, Suspense, useRef, useState, type ReactNode, type Ref } from 'react'
import type { ZoomDialogBodyProps } from './zoom-dialog-body.tsx'

/**
 * The dialog's code is a chunk of its own, loaded when a visitor first asks for it (a click on the
 * opener): most visits never open one, and the first visit's JavaScript stays within its budget.
 */
const ZoomDialogBody = lazy(() =>
  import('./zoom-dialog-body.tsx').then((module) => ({ default: module.ZoomDialogBody })),
)

/** What the opener needs: its ref (focus comes back to it) and the handler that opens the dialog. */
export interface OpenerProps {
  ref: Ref<HTMLButtonElement>
  onClick: () => void
}

type ZoomDialogProps = Omit<ZoomDialogBodyProps, 'opened' | 'openerRef'> & {
  /** The control that opens the dialog. */
  opener: (props: OpenerProps) => ReactNode
}

/**
 * "View full size" (zoom-dialog-body.tsx): the opener, rendered with the page, and the dialog, made
 * (and its code loaded) the first time the opener asks for it, then kept for the next times.
 */
export function ZoomDialog({ opener, ...dialog }: ZoomDialogProps) {
  const openerRef = useRef<HTMLButtonElement>(null)
  const [opened, setOpened] = useState(0)
  return (
    <>
      {opener({ ref: openerRef, onClick: () => setOpened((count) => count + 1) })}
      {opened > 0 ? (
        <Suspense fallback={null}>
          <ZoomDialogBody {...dialog} opened={opened} openerRef={openerRef} />
        </Suspense>
      ) : null}
    </>
  )
}
