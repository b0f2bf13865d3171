import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { openStore } from '../../cli/cache/store.ts'
import { DECODED_SOURCE } from '../../cli/content/rules/media-files.ts'
import { sha256Hex } from '../../cli/sha256.ts'
import { brief, VALID_MINIMAL } from '../helpers/fixtures.ts'
import { gradientImage } from '../helpers/test-images.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('portfolio-media-build-')

interface Image {
  alt: string
  caption?: string
  width: number
  height: number
  sources: { type: string; srcset: string }[]
  fallback: { type: string; src: string; srcset: string }
}

/** valid-minimal with a cover and two gallery images on alpha (sources made here, never committed). */
async function contentWithImages(dir: string): Promise<string> {
  const root = path.join(dir, 'content')
  cpSync(VALID_MINIMAL, root, { recursive: true })
  mkdirSync(path.join(root, 'media', 'alpha'), { recursive: true })
  writeFileSync(path.join(root, 'media', 'alpha', 'cover.png'), await gradientImage(2400, 1260, { seed: 1 }))
  writeFileSync(
    path.join(root, 'media', 'alpha', 'settings.jpg'),
    await gradientImage(1000, 700, { format: 'jpeg', seed: 2 }),
  )
  writeFileSync(path.join(root, 'media', 'alpha', 'logo.png'), await gradientImage(400, 400, { alpha: true, seed: 3 }))
  const project = path.join(root, 'projects', 'alpha.yaml')
  const text = readFileSync(project, 'utf8').replace(
    'sections:\n',
    [
      'cover:',
      '  src: media/alpha/cover.png',
      '  alt: The Alpha dashboard with its request graph',
      'media:',
      '  - src: media/alpha/settings.jpg',
      '    alt: The settings page of Alpha',
      '    caption: Settings, in the dark theme.',
      '  - src: media/alpha/logo.png',
      '    alt: The Alpha logo on a transparent background',
      'sections:',
      '  - id: screens',
      '    title: Screens',
      '    kind: gallery',
      '    summary: What **Alpha** looks like.',
      '',
    ].join('\n'),
  )
  writeFileSync(project, text)
  return root
}

describe('a build with images', () => {
  it('publishes the variants (linked from the store), resolves them in the data, and encodes nothing when rebuilt', async () => {
    const dir = tempDir()
    const root = await contentWithImages(dir)
    const out = path.join(dir, 'dist')
    const store = openStore(path.join(dir, 'cache'))
    const steps = new Map<string, string | undefined>()
    const build = async () => {
      steps.clear()
      const result = await runBuild({ root, outDir: out, base: '/', store, onStep: (s, _ms, d) => steps.set(s, d) })
      // The 400 px logo is narrow for the gallery: a warning, which does not stop the build.
      expect(result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.pointer}`)).toEqual([
        'warning MEDIA_NARROW /media/1/src',
      ])
      expect(result.compiled).toBe(true)
    }
    await build()
    expect(steps.get('images')).toBe('3 images, 3 encoded')

    const alpha = JSON.parse(readFileSync(path.join(out, 'data', 'projects', 'alpha.json'), 'utf8')) as {
      cover: Image
      media: Image[]
      sections: { kind: string; summary?: string }[]
    }
    expect(alpha.cover).toMatchObject({ alt: 'The Alpha dashboard with its request graph', width: 1600, height: 840 })
    expect(alpha.media.map((m) => [m.alt, m.caption, m.fallback.type, m.width])).toEqual([
      ['The settings page of Alpha', 'Settings, in the dark theme.', 'image/jpeg', 1000],
      ['The Alpha logo on a transparent background', undefined, 'image/png', 400],
    ])
    expect(alpha.sections[0]).toEqual({
      id: 'screens',
      title: 'Screens',
      kind: 'gallery',
      summary: '<p>What <strong>Alpha</strong> looks like.</p>',
    })
    // Every URL of every srcset is a file of the site; the site holds nothing else under media/.
    const urls = [alpha.cover, ...alpha.media].flatMap((image) =>
      [...image.sources, image.fallback].flatMap((s) => s.srcset.split(', ').map((entry) => entry.split(' ')[0])),
    )
    const published = readdirSync(path.join(out, 'media')).sort()
    expect([...new Set(urls)].map((url) => url?.replace(/^media\//, '')).sort()).toEqual(published)
    expect(published).toHaveLength(4 * 3 + 3 * 3 + 1 * 3)
    expect(published.every((name) => /^[0-9a-f]{16}-\d+\.(avif|webp|jpg|png)$/.test(name))).toBe(true)
    expect(existsSync(path.join(out, 'media', 'alpha'))).toBe(false)
    // Hard-linked from the store, not copied.
    expect(statSync(path.join(out, alpha.cover.fallback.src)).nlink).toBeGreaterThan(1)

    const cards = JSON.parse(readFileSync(path.join(out, 'data', 'cards.json'), 'utf8')) as {
      id: string
      cover?: Image
    }[]
    expect(cards.find((card) => card.id === 'alpha')?.cover).toEqual(alpha.cover)
    expect(cards.find((card) => card.id === 'beta')?.cover).toBeUndefined()
    const page = readFileSync(path.join(out, 'projects', 'alpha', 'index.html'), 'utf8')
    expect(page).toContain(alpha.cover.fallback.src)

    await build()
    expect(steps.get('images')).toBe('3 images, 0 encoded')
    expect(readdirSync(path.join(out, 'media')).sort()).toEqual(published)

    // A changed image is encoded again, alone.
    writeFileSync(
      path.join(root, 'media', 'alpha', 'logo.png'),
      await gradientImage(400, 400, { alpha: true, seed: 4 }),
    )
    await build()
    expect(steps.get('images')).toBe('3 images, 1 encoded')
  }, 180_000)
})

describe('a build with an image that validation passed but that does not decode', () => {
  /**
   * valid-minimal with a PNG cut to 60% of its bytes at `src` (the cover or the photo), and a store
   * whose verdict says it decoded whole: as when the file changed after it was checked, or a decoder
   * disagrees with the one that checked it. The build's encoder is then the first to fail on it.
   */
  async function slippedThrough(dir: string, where: 'cover' | 'photo') {
    const root = path.join(dir, 'content')
    cpSync(VALID_MINIMAL, root, { recursive: true })
    const png = await gradientImage(1200, 630)
    const cut = png.subarray(0, Math.round(png.length * 0.6))
    mkdirSync(path.join(root, 'media'), { recursive: true })
    writeFileSync(path.join(root, 'media', 'cut.png'), cut)
    const [file, before, lines] =
      where === 'cover'
        ? ['projects/alpha.yaml', 'sections:\n', 'cover:\n  src: media/cut.png\n  alt: The Alpha dashboard\n']
        : ['portfolio.yaml', 'owner:\n', 'photo:\n  src: media/cut.png\n  alt: Portrait of Jane Doe\n']
    const text = readFileSync(path.join(root, file), 'utf8')
    writeFileSync(path.join(root, file), text.replace(before, `${lines}${before}`))
    const store = openStore(path.join(dir, 'cache'))
    DECODED_SOURCE.set(store, DECODED_SOURCE.key(store, sha256Hex(cut)), { kind: 'png', width: 1200, height: 630 })
    return { root, store }
  }

  for (const [where, at] of [
    ['cover', 'MEDIA_DAMAGED@projects/alpha.yaml:22:8'],
    ['photo', 'MEDIA_DAMAGED@portfolio.yaml:6:8'],
  ] as const)
    it(`reports the ${where} at its src as validation reports a damaged image, and writes nothing`, async () => {
      const dir = tempDir()
      const { root, store } = await slippedThrough(dir, where)
      const out = path.join(dir, 'dist')
      const steps = new Map<string, string | undefined>()
      const result = await runBuild({ root, outDir: out, base: '/', store, onStep: (s, _ms, d) => steps.set(s, d) })
      // Validation passed (the store's verdict): the encoder found it.
      expect(steps.get('validate + generate')).toBe('3 files')
      expect(result.compiled).toBe(false)
      expect(result.diagnostics.map(brief)).toEqual([at])
      expect(result.diagnostics[0]?.message).toBe(
        'media/cut.png is damaged or cut short: it cannot be decoded as a PNG image (libpng read error)',
      )
      // Its file's text comes along, for the code frame.
      expect([...result.sources.keys()]).toEqual([at.split('@')[1]?.split(':')[0]])
      expect(existsSync(out)).toBe(false)
      expect(readdirSync(dir).filter((name) => name.startsWith('dist'))).toEqual([])
    }, 120_000)
})
