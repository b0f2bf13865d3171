import { useEffect } from 'react'

/** Keeps <title> right after client navigation; the prerendered HTML already has it. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title
  }, [title])
}
