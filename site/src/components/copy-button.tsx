import { useEffect, useState } from 'react'
import { useStrings } from '../i18n/language-context.ts'
import { Icon } from './icon.tsx'

const COPIED_MS = 2000

/** Copies `text` to the clipboard and says so for two seconds (also to screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false)
  const strings = useStrings()

  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS)
    return () => window.clearTimeout(timer)
  }, [copied])

  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }

  return (
    <button type="button" className="icon-button copy-button" onClick={copy} data-copied={copied}>
      <Icon name={copied ? 'check' : 'copy'} size={16} />
      <span className="visually-hidden">{label}</span>
      <span className="copy-button__status" role="status">
        {copied ? strings.copied : ''}
      </span>
    </button>
  )
}
