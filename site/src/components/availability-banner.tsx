import { portfolio } from '../generated/content.ts'

export function AvailabilityBanner() {
  return (
    <p className="availability">
      <span className="availability__dot" aria-hidden="true" />
      {portfolio.availability.text}
    </p>
  )
}
