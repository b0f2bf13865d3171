import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { stopProcess } from '../helpers/stop-process.ts'
import { expectServedPdf } from '../helpers/served-pdf.ts'
import { addWritingFixture, WRITING_FIXTURE } from '../helpers/writing-content.ts'
import { DESKTOP, launchBrowser, watchConsole } from './browser.ts'

/**
 * `portfolio dev` as a user runs it, on a copy of the shipped content with the writing fixture's
 * posts (tests/fixtures/writing/posts/, a draft among them), driven in real Chromium.
 */
const repo = path.resolve(import.meta.dirname, '../..')
const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-dev-e2e-'))
const projectFile = path.join(root, 'projects/authstack.yaml')
const portfolioFile = path.join(root, 'portfolio.yaml')
const [WEBHOOKS] = WRITING_FIXTURE.published
const postFile = path.join(root, `posts/${WEBHOOKS}.md`)
/** The same content built at / by the global setup: what dev's feeds must equal. */
const postsSiteDir = inject('postsSiteDir')
let original = ''
let server: ChildProcess
let url = ''
let log = ''
let browser: Browser

/** Resolves once the server's terminal output (stderr) matches, looking only at output after `from`. */
async function terminal(pattern: RegExp, from = 0, timeout = 15_000): Promise<string> {
  const started = Date.now()
  for (;;) {
    const match = pattern.exec(log.slice(from))
    if (match) return match[0]
    if (Date.now() - started > timeout) throw new Error(`no ${pattern} in the dev server output:\n${log.slice(from)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  for (const entry of ['portfolio.yaml', 'projects'])
    cpSync(path.join(repo, entry), path.join(root, entry), { recursive: true })
  await addWritingFixture(root)
  original = readFileSync(projectFile, 'utf8')
  server = spawn(process.execPath, [path.join(repo, 'bin/portfolio.mjs'), 'dev', '--root', root, '--port', '0'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
  })
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  url = await terminal(/http:\/\/127\.0\.0\.1:\d+\//, 0, 30_000)
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await stopProcess(server)
  rmSync(root, { recursive: true, force: true })
})

async function open(route: string): Promise<Page> {
  const page = await (await browser.newContext(DESKTOP)).newPage()
  await page.goto(url + route, { waitUntil: 'networkidle' })
  return page
}

describe('portfolio dev', () => {
  it('server-renders pages from the content, like the production build', async () => {
    const response = await fetch(url + 'projects/authstack')
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(/<h1[^>]*>AuthStack<\/h1>/)
    expect((await fetch(url + 'projects/no-such-project')).status).toBe(404)
    expect(log).toContain('content is valid (10 files)')
  })

  it('serves the resume made from the content, as the build writes it', async () => {
    await expectServedPdf(url + 'resume.pdf')
    expect(await (await fetch(url + 'resume.json')).json()).toMatchObject({ basics: { name: 'Aarav Sharma' } })
  }, 30_000)

  it('shows a content edit without reloading, shows invalid content as an overlay, and recovers', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    const problems = watchConsole(page)
    await page.goto(url + 'projects/authstack', { waitUntil: 'networkidle' })
    expect(problems, 'the server-rendered page hydrates without warnings').toEqual([])
    await expect.poll(() => page.locator('h1').textContent()).toBe('AuthStack')
    await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 42))
    const marker = () => page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)

    // 1. Rename the project: the heading changes in place (HMR), the window survives.
    writeFileSync(projectFile, original.replace(/^title: AuthStack$/m, 'title: AuthStack Live'))
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'AuthStack Live', null, {
      timeout: 15_000,
    })
    expect(await marker()).toBe(42)

    // 2. Break an endpoint: the terminal prints the located diagnostic, the page shows Vite's overlay.
    const from = log.length
    const broken = original
      .replace(/^title: AuthStack$/m, 'title: AuthStack Live')
      .replace('method: POST', 'method: FETCH')
    writeFileSync(projectFile, broken)
    const line = broken.split('\n').findIndex((l) => l.includes('method: FETCH')) + 1
    await terminal(new RegExp(`projects/authstack\\.yaml:${line}:\\d+  error  ENDPOINT_METHOD`), from)
    const overlay = page.locator('vite-error-overlay')
    await overlay.waitFor({ timeout: 15_000 })
    expect(await overlay.locator('.file').textContent()).toContain(`projects/authstack.yaml:${line}:`)
    expect(await overlay.locator('.message-body').textContent()).toContain('"FETCH" is not an HTTP method')
    expect(await marker()).toBe(42)

    // 3. Fix it: the overlay goes away and the page is back.
    writeFileSync(projectFile, original.replace(/^title: AuthStack$/m, 'title: AuthStack Live'))
    await overlay.waitFor({ state: 'detached', timeout: 15_000 })
    expect(await page.locator('h1').textContent()).toBe('AuthStack Live')
    expect(await marker()).toBe(42)
    expect(problems, 'no errors or warnings in the browser console').toEqual([])
    await page.context().close()
  })

  it('adds and removes routes as project files come and go', async () => {
    const home = await open('')
    const portfolio = readFileSync(portfolioFile, 'utf8')
    const newProject = original
      .replace(/^id: authstack$/m, 'id: side-project')
      .replace(/^title: .*$/m, 'title: Side Project')
    writeFileSync(path.join(root, 'projects/side-project.yaml'), newProject)
    writeFileSync(portfolioFile, portfolio.replace(/^(\s+)- authstack$/m, '$1- authstack\n$1- side-project'))
    await home.locator('a[href="/projects/side-project"]').first().waitFor({ timeout: 15_000 })
    await expect.poll(async () => (await fetch(url + 'projects/side-project')).status, { timeout: 15_000 }).toBe(200)

    writeFileSync(portfolioFile, portfolio)
    unlinkSync(path.join(root, 'projects/side-project.yaml'))
    await home.locator('a[href="/projects/side-project"]').first().waitFor({ state: 'detached', timeout: 15_000 })
    await expect.poll(async () => (await fetch(url + 'projects/side-project')).status, { timeout: 15_000 }).toBe(404)
    await home.context().close()
  })

  it('server-renders the posts like the build, and the drafts the build leaves out', async () => {
    const writing = await (await fetch(url + 'writing')).text()
    for (const title of ['Verifying Razorpay webhooks in Express', 'Notes on warehouse search'])
      expect(writing).toContain(`>${title}</a>`)
    const post = await fetch(`${url}writing/${WEBHOOKS}`)
    expect(post.status).toBe(200)
    const html = await post.text()
    expect(html).toMatch(/<h1[^>]*>Verifying Razorpay webhooks in Express<\/h1>/)
    expect(html).toContain('aria-label="Webhook flow"') // the diagram, drawn in the HTML
    const draft = await fetch(`${url}writing/${WRITING_FIXTURE.draft}`)
    expect(draft.status).toBe(200)
    expect(await draft.text()).toMatch(/<h1[^>]*>Notes on warehouse search<\/h1>[\s\S]*post-meta__draft">Draft</)
    expect((await fetch(`${url}writing/tags/search`)).status).toBe(200) // the draft's own tag
    expect((await fetch(`${url}writing/no-such-post`)).status).toBe(404)
    const index = (await (await fetch(`${url}data/posts.json`)).json()) as { slug: string; draft?: boolean }[]
    expect(index.map((p) => p.slug)).toEqual([WRITING_FIXTURE.draft, ...WRITING_FIXTURE.published])
    expect(index[0]?.draft).toBe(true)
    expect(((await (await fetch(`${url}data/posts/${WEBHOOKS}.json`)).json()) as { slug: string }).slug).toBe(WEBHOOKS)
  })

  it('serves the feeds a build of the same content writes, byte for byte (never the draft)', async () => {
    for (const file of ['feed.xml', 'rss.xml', 'feed.json']) {
      const response = await fetch(url + file)
      expect(response.status, file).toBe(200)
      const text = await response.text()
      expect(text, file).toBe(readFileSync(path.join(postsSiteDir, file), 'utf8'))
      expect(text).not.toContain(WRITING_FIXTURE.draft)
    }
  })

  it("shows an edit to a post's title on its open page without reloading, and in the list", async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    const problems = watchConsole(page)
    await page.goto(`${url}writing/${WEBHOOKS}`, { waitUntil: 'networkidle' })
    // The post's route is a lazy chunk, hydrated once it has loaded: React has taken its heading over
    // before the file changes, or the edit would reach the page while the server's text is still there.
    await page.waitForFunction(() => {
      const heading = document.querySelector('h1')
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'))
    })
    expect(problems, 'the server-rendered post hydrates without warnings').toEqual([])
    expect(await page.locator('h1').textContent()).toBe('Verifying Razorpay webhooks in Express')
    await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 7))
    const text = readFileSync(postFile, 'utf8')
    writeFileSync(postFile, text.replace(/^title: .*$/m, 'title: Verifying webhooks, edited'))
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Verifying webhooks, edited', null, {
      timeout: 15_000,
    })
    expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)).toBe(7)
    await page.getByRole('link', { name: 'All posts' }).click()
    await page.getByRole('link', { name: 'Verifying webhooks, edited' }).waitFor()
    expect(problems, 'no errors or warnings in the browser console').toEqual([])
    writeFileSync(postFile, text)
    await page.context().close()
  })

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
