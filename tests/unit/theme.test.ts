import { describe, expect, it } from 'vitest'
import { contrastRatio, MIN_CONTRAST, THEME_SURFACES } from '../../cli/content/rules/theme.ts'
import { accentStyle } from '../../site/src/head.ts'

describe('accent colour', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5)
    // The site's own indigo passes in both themes, as the shipped design requires.
    expect(contrastRatio('#4f46e5', THEME_SURFACES.light)).toBeGreaterThanOrEqual(MIN_CONTRAST)
    expect(contrastRatio('#a5b4fc', THEME_SURFACES.dark)).toBeGreaterThanOrEqual(MIN_CONTRAST)
  })

  it('becomes CSS custom properties for both themes, and nothing without a theme', () => {
    expect(accentStyle(undefined)).toBe('')
    const css = accentStyle({ accent: '#0f766e', accentDark: '#5eead4' })
    expect(css).toMatch(/^<style>:root:root\{--accent:light-dark\(#0f766e,#5eead4\);/)
    expect(accentStyle({ accent: '#0f766e' })).toContain('--accent:light-dark(#0f766e,#0f766e)')
  })
})
