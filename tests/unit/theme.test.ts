import { describe, expect, it } from 'vitest'
import { parseYaml } from '../../cli/content/parse-yaml.ts'
import { checkTheme } from '../../cli/content/rules/theme.ts'
import { accentStyle } from '../../site/src/head.ts'

/** The THEME_CONTRAST messages portfolio.yaml's theme gets. */
const problems = (theme: string) =>
  checkTheme(parseYaml({ path: 'portfolio.yaml', text: `theme:\n${theme}` }).parsed).map(
    (d) => `${d.code} ${d.message}`,
  )

describe('accent colour', () => {
  it('computes WCAG contrast ratios against each theme', () => {
    expect(problems("  accent: '#ffffff'\n  accentDark: '#a5b4fc'")).toEqual([
      "THEME_CONTRAST #ffffff has a contrast of 1.00:1 with the light theme's #ffffff (needs 4.5:1)",
    ])
    // Grey #777777 is the classic near miss on white.
    expect(problems("  accent: '#777777'\n  accentDark: '#a5b4fc'")).toEqual([
      "THEME_CONTRAST #777777 has a contrast of 4.48:1 with the light theme's #ffffff (needs 4.5:1)",
    ])
    expect(problems("  accent: '#000000'\n  accentDark: '#000000'")).toEqual([
      "THEME_CONTRAST #000000 has a contrast of 1.11:1 with the dark theme's #0b1020 (needs 4.5:1)",
    ])
    // The site's own indigo passes in both themes, as the shipped design requires.
    expect(problems("  accent: '#4f46e5'\n  accentDark: '#a5b4fc'")).toEqual([])
  })

  it('becomes CSS custom properties for both themes, and nothing without a theme', () => {
    expect(accentStyle(undefined)).toBe('')
    const css = accentStyle({ accent: '#0f766e', accentDark: '#5eead4' })
    expect(css).toMatch(/^<style>:root:root\{--accent:light-dark\(#0f766e,#5eead4\);/)
    expect(accentStyle({ accent: '#0f766e' })).toContain('--accent:light-dark(#0f766e,#0f766e)')
  })
})
