import type { TestCardsSection } from '../generated/types.ts'
import { useStrings } from '../i18n/language-context.ts'
import { fill } from '../i18n/strings.ts'
import { CopyButton } from './copy-button.tsx'

/** Sandbox card numbers a visitor can copy into the demo checkout. */
export function TestCardList({ cards }: { cards: TestCardsSection['cards'] }) {
  const strings = useStrings()
  return (
    <ul className="test-cards">
      {cards.map((card) => (
        <li key={card.number} className="card test-card">
          <span className="test-card__network">{card.network}</span>
          <span className="test-card__number">
            <code>{card.number}</code>
            <CopyButton
              text={card.number.replace(/\s+/g, '')}
              label={fill(strings.copyCardNumber, { number: card.number })}
            />
          </span>
          <span className="test-card__outcome">{card.outcome}</span>
        </li>
      ))}
    </ul>
  )
}
