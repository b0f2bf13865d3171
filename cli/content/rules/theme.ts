import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { valueAt } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'

/** Page and button-text colours of the two themes (site/src/styles/tokens.css): the accent sits on and under them. */
const THEME_SURFACES = Object.freeze({ light: '#ffffff', dark: '#0b1020' })
const MIN_CONTRAST = 4.5

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)]
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
}

/** Each theme's accent must stay readable as link text on the page and under its button text. */
export function checkTheme(parsed: ParsedDocument): Diagnostic[] {
  const accent = valueAt(parsed.data, ['theme', 'accent'])
  const accentDark = valueAt(parsed.data, ['theme', 'accentDark'])
  if (typeof accent !== 'string') return []
  const hex = /^#[0-9a-fA-F]{6}$/
  const checks: [keyof typeof THEME_SURFACES, string, string][] = [['light', '/theme/accent', accent]]
  const dark = typeof accentDark === 'string' ? accentDark : accent
  checks.push(['dark', typeof accentDark === 'string' ? '/theme/accentDark' : '/theme/accent', dark])
  const out: Diagnostic[] = []
  for (const [mode, pointer, colour] of checks) {
    if (!hex.test(colour)) continue
    const ratio = contrastRatio(colour, THEME_SURFACES[mode])
    if (ratio >= MIN_CONTRAST) continue
    const fix =
      mode === 'dark' && pointer === '/theme/accent'
        ? ' Add theme.accentDark with a lighter colour for the dark theme.'
        : ''
    out.push(
      createDiagnostic(
        'THEME_CONTRAST',
        locatePointer(parsed, pointer),
        `${colour} has a contrast of ${ratio.toFixed(2)}:1 with the ${mode} theme's ${THEME_SURFACES[mode]} (needs ${MIN_CONTRAST}:1)`,
        `Text on or beside the accent would be unreadable in the ${mode} theme.${fix}`,
      ),
    )
  }
  return out
}
