import { portfolio } from '../generated/content.ts'
import { useAssetUrl } from '../hooks/use-asset-url.ts'
import { Icon } from './icon.tsx'

/** Downloads the resume PDF from public/, under the site's base path. */
export function ResumeLink({ className }: { className?: string }) {
  const { file, label } = portfolio.resume
  const href = useAssetUrl(file)
  return (
    <a href={href} className={className} download>
      <Icon name="download" size={18} />
      {label}
    </a>
  )
}
