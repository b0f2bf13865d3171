import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { setTheme } from './browser.ts'

/** Only colours differ between the themes (the DOM is the same), so the second theme needs only the colour rules. */
const COLOR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * axe violations as readable lines (rule, impact, the first few offending nodes), in the page as it
 * is or in the part `scope` selects. Legacy mode runs axe in the page itself, without the blank page
 * the default mode opens for every run; with `injected`, axe is already in the page (an earlier run
 * since the last navigation), so its 500 kB source is not sent again. Same rules, much faster.
 */
export async function violations(
  page: Page,
  { rules, scope, injected = false }: { rules?: string[]; scope?: string; injected?: boolean } = {},
): Promise<string[]> {
  let builder = new AxeBuilder(injected ? { page, axeSource: 'void 0' } : { page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
  if (rules) builder = builder.withRules(rules)
  if (scope) builder = builder.include(scope)
  const { violations: found } = await builder.analyze()
  return found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  )
}

/**
 * Every rule in the light theme, and the colour rules in the dark theme (only colours differ between
 * the themes: the DOM is the same). Labelled with where they ran.
 */
export async function bothThemes(
  page: Page,
  label: string,
  { scope, injected = false }: { scope?: string; injected?: boolean } = {},
): Promise<string[]> {
  await setTheme(page, 'light')
  const light = await violations(page, { scope, injected })
  await setTheme(page, 'dark')
  const dark = await violations(page, { rules: COLOR_RULES, scope, injected: true })
  return [...light.map((v) => `${label} light: ${v}`), ...dark.map((v) => `${label} dark: ${v}`)]
}
