import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { CardSource } from '../../cli/social/card-specs.ts'
import { openStore } from '../../cli/cache/store.ts'
import { COVER_PANEL } from '../../cli/social/card-cover.ts'
import { cardSvg } from '../../cli/social/card-svg.ts'
import { cardKey, coverResolver, fontsKey, socialCardSpecs, writeSocialCards } from '../../cli/social/social-images.ts'
import { openFileDigests } from '../../cli/cache/file-digests.ts'
import { openPool } from '../../cli/pipeline/jobs.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { noStore } from '../../cli/cache/no-store.ts'

const tempDir = tempDirsPerTest('portfolio-card-cover-')

const content = (cover?: string): CardSource => ({
  portfolio: {
    site: { url: 'https://jane.example' },
    owner: { name: 'Jane Doe', role: 'Full-Stack Developer' },
    hero: { headline: 'I build dependable web apps', claims: [] },
    availability: { text: 'Open to work' },
  },
  projects: [
    {
      id: 'alpha',
      title: 'Alpha',
      description: 'A project that does one thing well.',
      tech: ['React'],
      ...(cover ? { cover: { src: cover, alt: 'The Alpha dashboard' } } : {}),
    },
  ],
})

/** A content root with one cover of `colour`. */
async function rootWithCover(colour: string): Promise<string> {
  const root = tempDir()
  mkdirSync(path.join(root, 'media'))
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer()
  writeFileSync(path.join(root, 'media', 'cover.png'), png)
  return root
}

describe("a project's cover on its social card", () => {
  it("names the cover by its bytes' digest, so the card's key changes with the cover's bytes", async () => {
    const root = await rootWithCover('#ff0000')
    const store = openStore(path.join(root, 'cache'), 'v1')
    const digests = openFileDigests(store)
    const resolve = coverResolver(root, digests)
    const fonts = fontsKey(digests)
    const [, card] = socialCardSpecs(content('media/cover.png'), resolve)
    const svg = cardSvg(card!)
    expect(svg).toMatch(/<image href="cover:[0-9a-f]{64}"/)
    expect(cardSvg(socialCardSpecs(content())[1]!)).not.toContain('<image')

    writeFileSync(
      path.join(root, 'media', 'cover.png'),
      readFileSync(path.join(root, 'media', 'cover.png')).subarray(0),
    )
    const again = cardSvg(
      socialCardSpecs(
        content('media/cover.png'),
        coverResolver(root, openFileDigests(openStore(path.join(root, 'cache2'), 'v1'))),
      )[1]!,
    )
    expect(cardKey(store, again, fonts)).toBe(cardKey(store, svg, fonts))

    const other = await rootWithCover('#0000ff')
    const changed = cardSvg(
      socialCardSpecs(content('media/cover.png'), coverResolver(other, openFileDigests(noStore)))[1]!,
    )
    expect(cardKey(store, changed, fonts)).not.toBe(cardKey(store, svg, fonts))
  })

  it('draws a cover that validation and the encoder accept, though libjpeg warns about it (stray bytes before a marker)', async () => {
    const root = tempDir()
    mkdirSync(path.join(root, 'media'))
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer()
    const scan = jpeg.lastIndexOf(Buffer.from([0xff, 0xda]))
    const stray = Buffer.concat([jpeg.subarray(0, scan), Buffer.from([1, 2, 3]), jpeg.subarray(scan)])
    writeFileSync(path.join(root, 'media', 'cover.jpg'), stray)
    const site = tempDir()
    const specs = socialCardSpecs(content('media/cover.jpg'), coverResolver(root, openFileDigests(noStore)))
    const pool = openPool('never')
    await writeSocialCards(site, specs, noStore, {
      digests: openFileDigests(noStore),
      draw: (jobs) => pool.runJobs('card', jobs),
    })
    const { data, info } = await sharp(path.join(site, 'og', 'alpha.png'))
      .raw()
      .toBuffer({ resolveWithObject: true })
    const at = ((COVER_PANEL.y + 200) * info.width + COVER_PANEL.x + COVER_PANEL.width - 40) * info.channels
    expect(data[at + 1]).toBeGreaterThan(200)
  })

  it('draws the cover into the panel on the right, the text on the left as before', async () => {
    const root = await rootWithCover('#ff0000')
    const site = tempDir()
    const specs = socialCardSpecs(content('media/cover.png'), coverResolver(root, openFileDigests(noStore)))
    const pool = openPool('never')
    await writeSocialCards(site, specs, noStore, {
      digests: openFileDigests(noStore),
      draw: (jobs) => pool.runJobs('card', jobs),
    })
    const { data, info } = await sharp(path.join(site, 'og', 'alpha.png'))
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ]
    // Inside the panel, right of its fade: the cover's red.
    const [r, g, b] = pixel(COVER_PANEL.x + COVER_PANEL.width - 40, COVER_PANEL.y + 200)
    expect(r).toBeGreaterThan(240)
    expect(g! + b!).toBeLessThan(30)
    // Left of the panel: the card's dark background, no red.
    const [lr] = pixel(COVER_PANEL.x - 100, COVER_PANEL.y + 400)
    expect(lr).toBeLessThan(60)
  })
})
