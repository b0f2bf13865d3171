import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] })
const base = 'http://127.0.0.1:4791/'
for (const scheme of ['dark','light'] as const) for (const [name, vp] of [['desktop',{width:1280,height:800}],['phone',{width:390,height:844}]] as const) {
  const ctx = await browser.newContext({ viewport: vp, colorScheme: scheme, deviceScaleFactor: 1 })
  const page = await ctx.newPage()
  for (const [route, tag] of [['', 'home'], ['projects/logic-i', 'logic']]) {
    await page.goto(base + route, { waitUntil: 'networkidle' })
    await page.screenshot({ path: `/tmp/shot-${tag}-${name}-${scheme}.png` })
  }
  // client navigation home -> case study -> back (JSON fetch path)
  await page.goto(base, { waitUntil: 'networkidle' })
  await page.getByRole('link', { name: /^Details of / }).nth(1).click()
  await page.waitForSelector('h1')
  console.log(scheme, name, 'navigated to', await page.locator('h1').textContent(), page.url())
  await ctx.close()
}
await browser.close()
