import type { Page } from 'playwright-core'
import { describe, type ExpectStatic, inject, it } from 'vitest'
import { DESKTOP } from './browser.ts'
import { useBrowserAndFacts } from './content.ts'

const siteUrl = inject('siteUrl')
const shared = useBrowserAndFacts()

/** Opens the chat on a page in a context of its own. `expect` is the calling test's: the tests run side by side. */
async function openChat(expect: ExpectStatic, path = ''): Promise<Page> {
  const page = await (await shared.browser.newContext(DESKTOP)).newPage()
  await page.goto(siteUrl + path, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: /Open chat/ }).click()
  await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true)
  return page
}
const userMessages = (page: Page) => page.locator('[data-from="user"]').count()

// Each test has a context of its own and mostly waits (the reply's one-second delay, the network
// resting): they run side by side, each asserting with its own `expect`.
describe.concurrent('chat assistant', () => {
  it('opens from a floating button on every page, greets, and closes again', async ({ expect }) => {
    for (const path of ['', 'projects/logic-i']) {
      const page = await openChat(expect, path)
      expect(await page.getByRole('dialog').textContent()).toContain(shared.facts.portfolio.chat.greeting.slice(0, 40))
      await page
        .getByRole('button', { name: /Close chat/ })
        .first()
        .click()
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
      await page.context().close()
    }
  })

  it('shows the 8 quick-question chips only while the conversation holds just the greeting', async ({ expect }) => {
    const page = await openChat(expect)
    const chips = page
      .getByRole('dialog')
      .getByRole('button', { name: shared.facts.portfolio.chat.quickQuestions[0]!.question })
    const allChips = page.getByRole('list', { name: 'Suggested questions' }).getByRole('button')
    expect(await allChips.count()).toBe(8)
    await chips.click()
    expect(await allChips.count()).toBe(0)
    await page.context().close()
  })

  it('replies after 1 second with a typing indicator meanwhile, using the content answers', async ({ expect }) => {
    const context = await shared.browser.newContext(DESKTOP)
    // The page's clock, paused once the chat is open: the second passes when the test says so, not with machine load.
    await context.clock.install()
    const page = await context.newPage()
    await page.goto(siteUrl, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: /Open chat/ }).click()
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true)
    await context.clock.pauseAt(Date.now() + 60_000)
    const question = shared.facts.portfolio.chat.quickQuestions[2]!
    const answer = question.answer.slice(0, 50)
    const log = page.getByLabel('Conversation')
    await page.getByRole('dialog').getByRole('button', { name: question.question }).click()
    await expect.poll(() => page.locator('.chat__typing').count()).toBe(1)
    await context.clock.runFor(900)
    await page.waitForTimeout(300) // real time, for a reply that came too early to show
    expect(await log.textContent()).not.toContain(answer)
    expect(await page.locator('.chat__typing').count()).toBe(1)
    await context.clock.runFor(150)
    await expect.poll(() => log.textContent()).toContain(answer)
    expect(await page.locator('.chat__typing').count()).toBe(0)
    await context.close()
  })

  it('cannot send empty or whitespace-only input: the send button is disabled then', async ({ expect }) => {
    const page = await openChat(expect)
    const input = page.locator('#chat-input')
    const send = page.getByRole('button', { name: /^Send/ })
    expect(await send.isDisabled()).toBe(true)
    await input.fill('   \n  ')
    expect(await send.isDisabled()).toBe(true)
    await input.press('Enter')
    expect(await userMessages(page)).toBe(0)
    await input.fill('Which projects use payments?')
    expect(await send.isDisabled()).toBe(false)
    await page.context().close()
  })

  it('sends on Enter and makes a new line on Shift+Enter', async ({ expect }) => {
    const page = await openChat(expect)
    const input = page.locator('#chat-input')
    await input.fill('Tell me about')
    await input.press('Shift+Enter')
    await input.type('the flagship')
    expect(await input.inputValue()).toBe('Tell me about\nthe flagship')
    expect(await userMessages(page)).toBe(0)
    await input.press('Enter')
    expect(await userMessages(page)).toBe(1)
    expect(await input.inputValue()).toBe('')
    await expect.poll(() => page.getByLabel('Conversation').textContent()).toMatch(/logic-i/i)
    await page.context().close()
  })

  it('requests no chat data before the chat is opened, then the overview once and a project file only for a question', async ({
    expect,
  }) => {
    const page = await (await shared.browser.newContext(DESKTOP)).newPage()
    const requests: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/data/chat')) requests.push(pathname)
    })
    await page.goto(siteUrl, { waitUntil: 'networkidle' })
    // Pointing at the button fetches the panel's code, not the data.
    await page.getByRole('button', { name: /Open chat/ }).hover()
    await page.waitForLoadState('networkidle')
    expect(requests).toEqual([])
    await page.getByRole('button', { name: /Open chat/ }).click()
    await expect.poll(() => requests).toEqual(['/data/chat.json'])
    await page
      .getByRole('button', { name: /Close chat/ })
      .first()
      .click()
    await page.getByRole('button', { name: /Open chat/ }).click()
    await page.waitForLoadState('networkidle')
    expect(requests).toEqual(['/data/chat.json'])
    // A question loads the projects' passages it needs (the shipped six are few enough to load at once), each once.
    const input = page.locator('#chat-input')
    for (const question of ['how many salt rounds for bcrypt', 'what is the otp rate limit']) {
      await input.fill(question)
      await input.press('Enter')
    }
    const log = page.getByLabel('Conversation')
    await expect.poll(() => log.textContent()).toMatch(/12 salt rounds[\s\S]*3 (requests )?per 15 minutes/)
    const projectFiles = requests.filter((url) => url.startsWith('/data/chat/'))
    expect(projectFiles.length).toBe(shared.facts.projects.length)
    expect(new Set(projectFiles).size).toBe(projectFiles.length)
    expect(requests.filter((url) => url === '/data/chat.json')).toHaveLength(1)
    await page.context().close()
  })

  it('loads the overview as the chat opens and the passages while a question is typed, so its reply needs only the delay', async ({
    expect,
  }) => {
    // Issue 48: the first question used to load the chat's data after it was sent. The page's clock is
    // paused once the data has arrived: the reply must come when the second has passed, not later.
    const context = await shared.browser.newContext(DESKTOP)
    await context.clock.install()
    const page = await context.newPage()
    const requests: string[] = []
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/data/chat')) requests.push(pathname)
    })
    await page.goto(siteUrl, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: /Open chat/ }).click()
    await expect.poll(() => requests).toEqual(['/data/chat.json'])
    const input = page.locator('#chat-input')
    await input.fill('how many salt rounds for bcrypt')
    await expect
      .poll(() => requests.filter((url) => url.startsWith('/data/chat/')).length)
      .toBe(shared.facts.projects.length)
    await context.clock.pauseAt(Date.now() + 60_000)
    await input.press('Enter')
    const log = page.getByLabel('Conversation')
    await expect.poll(() => page.locator('.chat__typing').count()).toBe(1)
    await context.clock.runFor(1050)
    await expect.poll(() => log.textContent()).toContain('12 salt rounds')
    await context.close()
  })

  it('answers a fact from inside a case study, and its Read more link lands on that section', async ({ expect }) => {
    const page = await openChat(expect)
    const input = page.locator('#chat-input')
    await input.fill('what is the otp rate limit?')
    await input.press('Enter')
    const log = page.getByLabel('Conversation')
    await expect.poll(() => log.textContent()).toMatch(/3 (requests )?per 15 minutes/)
    const authstack = shared.facts.projects.find((p) => p.id === 'authstack')!
    const link = log.getByRole('link', { name: /^AuthStack · / })
    const sectionTitle = (await link.textContent())!.replace(/^AuthStack · /, '')
    const section = authstack.sections.find((s) => s.title === sectionTitle)!
    expect(section).toBeDefined()
    await link.click()
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).hash)
      .toBe(`/projects/authstack#${section.id}`)
    const heading = page.locator(`#${section.id} h2`)
    await expect.poll(() => heading.textContent()).toBe(section.title)
    await expect
      .poll(() =>
        heading.evaluate((el) => {
          const box = el.getBoundingClientRect()
          return box.top >= 0 && box.top < window.innerHeight
        }),
      )
      .toBe(true)
    await page.context().close()
  })
})
