import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import { encodeImage, variantWidths } from '../../cli/media/encode-image.ts'
import { ImagesNotEncoded, makeMedia } from '../../cli/media/make-media.ts'
import { responsiveImage } from '../../cli/media/responsive-image.ts'
import { gradientImage } from '../helpers/test-images.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { encodeInThread } from '../../cli/pipeline/jobs.ts'
import { noStore } from '../../cli/cache/no-store.ts'
import { openFileDigests } from '../../cli/cache/file-digests.ts'

const tempDir = tempDirsPerTest('portfolio-media-')

describe('variantWidths', () => {
  it('makes 480, 800, 1200 and 1600, never wider than the source', () => {
    expect(variantWidths(2400)).toEqual([480, 800, 1200, 1600])
    expect(variantWidths(1600)).toEqual([480, 800, 1200, 1600])
    expect(variantWidths(1000)).toEqual([480, 800, 1000])
    expect(variantWidths(480)).toEqual([480])
    expect(variantWidths(300)).toEqual([300])
  })
})

describe('encodeImage', () => {
  it('encodes an opaque image to AVIF, WebP and JPEG at each width, with the aspect ratio kept', async () => {
    const { facts, variants } = await encodeImage(await gradientImage(1000, 500))
    expect(facts).toMatchObject({ width: 1000, height: 500, widths: [480, 800, 1000], alpha: false })
    expect(variants.map((v) => `${v.format}@${v.width}x${v.height}`)).toEqual([
      'avif@480x240',
      'webp@480x240',
      'jpg@480x240',
      'avif@800x400',
      'webp@800x400',
      'jpg@800x400',
      'avif@1000x500',
      'webp@1000x500',
      'jpg@1000x500',
    ])
    // What the bytes are, read back by the decoder, not what the encoder was asked for.
    for (const variant of variants) {
      const meta = await sharp(variant.bytes).metadata()
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: { avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' }[variant.format],
        width: variant.width,
        height: variant.height,
      })
    }
    expect(facts.color).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('falls back to PNG for a source with transparent pixels, and to JPEG when its alpha is all opaque', async () => {
    const transparent = await encodeImage(await gradientImage(600, 400, { alpha: true }))
    expect(transparent.facts.alpha).toBe(true)
    expect(new Set(transparent.variants.map((v) => v.format))).toEqual(new Set(['avif', 'webp', 'png']))
    const opaquePng = await sharp({ create: { width: 500, height: 300, channels: 4, background: '#336699ff' } })
      .png()
      .toBuffer()
    const opaque = await encodeImage(opaquePng)
    expect(opaque.facts.alpha).toBe(false)
    // The dominant colour is sharp's: the centre of the most common bin of 16 levels per channel.
    const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
    const expected = channels('#336699')
    channels(opaque.facts.color).forEach((c, i) => expect(Math.abs(c - (expected[i] as number))).toBeLessThanOrEqual(8))
    expect(new Set(opaque.variants.map((v) => v.format))).toEqual(new Set(['avif', 'webp', 'jpg']))
  })

  it('keeps the placeholder within 300 bytes, for a wide, a tall and a busy image', async () => {
    for (const [w, h] of [
      [2400, 400],
      [60, 2000],
      [1200, 900],
    ] as const) {
      const { facts } = await encodeImage(await gradientImage(w, h, { seed: w }))
      expect(facts.placeholder).toMatch(/^url\("data:image\/webp;base64,[A-Za-z0-9+/=]+"\)$/)
      expect(Buffer.byteLength(facts.placeholder)).toBeLessThanOrEqual(300)
    }
  })

  it('takes JPEG, WebP and AVIF sources too, upright by their EXIF orientation', async () => {
    for (const format of ['jpeg', 'webp', 'avif'] as const) {
      const { facts } = await encodeImage(await gradientImage(700, 300, { format }))
      expect([facts.width, facts.height]).toEqual([700, 300])
    }
    const rotated = await sharp(await gradientImage(700, 300, { format: 'jpeg' }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const { facts } = await encodeImage(rotated)
    expect([facts.width, facts.height]).toEqual([300, 700])
  })

  it('refuses to decode more than 40 megapixels', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    await expect(encodeImage(bomb)).rejects.toThrow(/pixel limit/)
  })
})

describe('makeMedia', () => {
  it('names an image by its bytes: the same bytes under two paths are one image, encoded once; a second run encodes nothing', async () => {
    const root = tempDir()
    const store = openStore(path.join(root, 'cache'), 'test')
    mkdirSync(path.join(root, 'media'))
    const bytes = await gradientImage(900, 600)
    writeFileSync(path.join(root, 'media', 'a.png'), bytes)
    writeFileSync(path.join(root, 'media', 'b.png'), bytes)
    writeFileSync(path.join(root, 'media', 'c.png'), await gradientImage(900, 600, { seed: 9 }))
    const options = {
      root,
      store,
      digests: openFileDigests(store),
      folder: path.join(root, 'out'),
      encode: encodeInThread,
    }
    const first = await makeMedia(['media/a.png', 'media/b.png', 'media/c.png', 'media/a.png'], options)
    expect(first.encoded).toBe(2)
    const [a, b, c] = ['media/a.png', 'media/b.png', 'media/c.png'].map((src) => first.images.get(src))
    expect(a).toBe(b)
    expect(c?.files[0]?.name).not.toBe(a?.files[0]?.name)
    const again = await makeMedia(['media/a.png', 'media/c.png'], { ...options, folder: path.join(root, 'out2') })
    expect(again.encoded).toBe(0)
    expect(again.images.get('media/a.png')).toEqual(a)
  })

  it("names every source it could not decode, with the decoder's words, and writes nothing", async () => {
    const root = tempDir()
    const store = openStore(path.join(root, 'cache'), 'test')
    mkdirSync(path.join(root, 'media'))
    const png = await gradientImage(900, 600)
    const jpeg = await gradientImage(900, 600, { format: 'jpeg' })
    writeFileSync(path.join(root, 'media', 'ok.png'), await gradientImage(900, 600, { seed: 3 }))
    writeFileSync(path.join(root, 'media', 'cut.png'), png.subarray(0, Math.round(png.length * 0.6)))
    writeFileSync(path.join(root, 'media', 'cut.jpg'), jpeg.subarray(0, Math.round(jpeg.length * 0.6)))
    const folder = path.join(root, 'out')
    const digests = openFileDigests(store)
    const made = makeMedia(['media/ok.png', 'media/cut.png', 'media/cut.jpg'], {
      root,
      store,
      digests,
      folder,
      encode: encodeInThread,
    })
    const error = await made.then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ImagesNotEncoded)
    expect((error as ImagesNotEncoded).images).toEqual([
      { src: 'media/cut.png', decoded: false, reason: 'libpng read error' },
      { src: 'media/cut.jpg', decoded: false, reason: 'premature end of JPEG image' },
    ])
    // Nothing goes into the folder of a build that stops; the image that encoded is kept for the next one.
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([])
    const again = await makeMedia(['media/ok.png'], { root, store, digests, folder, encode: encodeInThread })
    expect(again.encoded).toBe(0)
  })

  it('gives the site srcsets of the published files, AVIF first, the fallback at the largest width', async () => {
    const root = tempDir()
    mkdirSync(path.join(root, 'media'))
    writeFileSync(path.join(root, 'media', 'x.png'), await gradientImage(1000, 400))
    const { images } = await makeMedia(['media/x.png'], {
      root,
      store: noStore,
      digests: openFileDigests(noStore),
      folder: path.join(root, 'out'),
      encode: encodeInThread,
    })
    const image = responsiveImage(images.get('media/x.png')!, 'A chart', 'Weekly')
    const name = images.get('media/x.png')!.files[0]!.name.replace(/-\d+\.\w+$/, '')
    expect(name).toMatch(/^[0-9a-f]{16}$/)
    expect(image).toMatchObject({
      alt: 'A chart',
      caption: 'Weekly',
      width: 1000,
      height: 400,
      sources: [
        {
          type: 'image/avif',
          srcset: `media/${name}-480.avif 480w, media/${name}-800.avif 800w, media/${name}-1000.avif 1000w`,
        },
        {
          type: 'image/webp',
          srcset: `media/${name}-480.webp 480w, media/${name}-800.webp 800w, media/${name}-1000.webp 1000w`,
        },
      ],
      fallback: {
        type: 'image/jpeg',
        src: `media/${name}-1000.jpg`,
        srcset: `media/${name}-480.jpg 480w, media/${name}-800.jpg 800w, media/${name}-1000.jpg 1000w`,
      },
    })
  })
})
