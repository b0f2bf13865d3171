import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopProcess } from '../helpers/stop-process.ts'
import { expectServedPdf } from '../helpers/served-pdf.ts'
import { DESKTOP, launchBrowser, watchConsole } from './browser.ts'

/**
 * `portfolio dev` on a site in several languages (tests/fixtures/i18n: English, with French, Arabic
 * and Hindi overlays), as a user runs it: every language served at once, each under its prefix.
 */
const repo = path.resolve(import.meta.dirname, '../..')
const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-dev-i18n-'))
const frenchPortfolio = path.join(root, 'portfolio.fr.yaml')
const HEADLINE = 'Je crée des applications web sur lesquelles les petites entreprises peuvent compter'
let server: ChildProcess
let url = ''
let log = ''
let browser: Browser

async function terminal(pattern: RegExp, timeout = 30_000): Promise<string> {
  const started = Date.now()
  for (;;) {
    const match = pattern.exec(log)
    if (match) return match[0]
    if (Date.now() - started > timeout) throw new Error(`no ${pattern} in the dev server output:\n${log}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  cpSync(path.join(repo, 'tests/fixtures/i18n'), root, { recursive: true })
  server = spawn(process.execPath, [path.join(repo, 'bin/portfolio.mjs'), 'dev', '--root', root, '--port', '0'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
  })
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  url = await terminal(/http:\/\/127\.0\.0\.1:\d+\//)
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await stopProcess(server)
  rmSync(root, { recursive: true, force: true })
})

const page = async (route: string) => {
  const response = await fetch(url + route)
  return { status: response.status, html: await response.text() }
}

describe('portfolio dev in several languages', () => {
  it('serves each language under its prefix, in its language and direction, with its hreflang set', async () => {
    const french = await page('fr/')
    expect(french.status).toBe(200)
    expect(french.html).toContain('<html lang="fr">')
    expect(french.html).toContain(HEADLINE)
    expect(french.html).toMatch(/<link rel="alternate" hreflang="ar" href="[^"]*\/ar\/"/)
    expect(french.html).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]*\/"/)
    const arabic = await page('ar/')
    expect(arabic.status).toBe(200)
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">')
    // The default language stays at / with every URL it had, and lists its translations.
    const english = await page('')
    expect(english.html).toMatch(/<html lang="en"/)
    expect(english.html).not.toContain(HEADLINE)
    expect(english.html).toMatch(/<link rel="alternate" hreflang="fr" href="[^"]*\/fr\/"/)
    expect((await page('fr/projects/no-such-project')).status).toBe(404)
  })

  it("serves a language's data from its folder", async () => {
    const project = await fetch(`${url}fr/data/projects/ledger.json`)
    expect(project.status).toBe(200)
    const french = (await project.json()) as { id: string; description: string }
    expect(french).toMatchObject({
      id: 'ledger',
      description: 'La comptabilité des petits ateliers, de la facture au bilan annuel.',
    })
    const english = (await (await fetch(`${url}data/projects/ledger.json`)).json()) as { description: string }
    expect(english.description).toBe('Bookkeeping for small workshops, from the invoice to the yearly report.')
    // The build's file: the portfolio in the language, and which of its fields are shown in another.
    const file = (await (await fetch(`${url}fr/data/portfolio.json`)).json()) as {
      portfolio: { hero: { headline: string } }
      shownIn: Record<string, string>
    }
    expect(file.portfolio.hero.headline).toBe(HEADLINE)
    expect(typeof file.shownIn).toBe('object')
    for (const file of ['cards.json', 'chat.json', 'chat/ledger.json', 'chat-texts.json'])
      expect((await fetch(`${url}fr/data/${file}`)).status, file).toBe(200)
    expect((await fetch(`${url}fr/data/projects/no-such-project.json`)).status).toBe(404)
  })

  it("serves a language's resume at the name the build gives it, typeset from that language's content", async () => {
    const json = await fetch(`${url}resume.fr.json`)
    expect(json.status).toBe(200)
    const resume = (await json.json()) as { basics: { label: string } }
    expect(resume.basics.label).toBe('Développeuse full-stack')
    await expectServedPdf(`${url}resume.fr.pdf`)
    // The default language's resume keeps its name; a language the site does not have has none.
    expect(((await (await fetch(`${url}resume.json`)).json()) as typeof resume).basics.label).not.toBe(
      'Développeuse full-stack',
    )
    expect((await fetch(`${url}resume.de.pdf`)).status).toBe(404)
  }, 60_000)

  it("shows an edit to a language's overlay on its open page", async () => {
    const tab = await (await browser.newContext(DESKTOP)).newPage()
    const problems = watchConsole(tab)
    await tab.goto(`${url}fr/`, { waitUntil: 'networkidle' })
    expect(problems, 'the French page hydrates without warnings').toEqual([])
    await expect.poll(() => tab.locator('h1').textContent()).toBe(HEADLINE)
    const text = readFileSync(frenchPortfolio, 'utf8')
    writeFileSync(frenchPortfolio, text.replace(HEADLINE, 'Un titre modifié'))
    await tab.waitForFunction(() => document.querySelector('h1')?.textContent === 'Un titre modifié', null, {
      timeout: 15_000,
    })
    expect((await page('fr/')).html).toContain('Un titre modifié')
    expect((await page('')).html).not.toContain('Un titre modifié')
    expect(problems, 'no errors or warnings in the browser console').toEqual([])
    await tab.context().close()
  })
})
