import type { FeaturesSection } from '../generated/types.ts'
import { Icon } from './icon.tsx'

export function FeaturesList({ items }: { items: FeaturesSection['items'] }) {
  return (
    <ul className="feature-grid">
      {items.map((item) => (
        <li key={item.title} className="card feature">
          <span className="feature__icon">
            <Icon name="check" size={18} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.description}</p>
        </li>
      ))}
    </ul>
  )
}
