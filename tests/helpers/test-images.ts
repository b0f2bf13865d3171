import sharp from 'sharp'

/**
 * Images made for tests, never committed: a gradient with deterministic noise (so codecs have real
 * work, as with a photo or a busy screenshot), `width` x `height` px.
 */
export async function gradientImage(
  width: number,
  height: number,
  options: { format?: 'png' | 'jpeg' | 'webp' | 'avif'; alpha?: boolean; seed?: number } = {},
): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3
  const pixels = Buffer.alloc(width * height * channels)
  let state = options.seed ?? 1
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff
      const noise = (state >> 16) % 24
      const i = (y * width + x) * channels
      pixels[i] = ((x * 255) / width + noise) & 255
      pixels[i + 1] = ((y * 255) / height + noise) & 255
      pixels[i + 2] = (((x + y) * 128) / (width + height) + 60 + noise) & 255
      if (channels === 4) pixels[i + 3] = x < width / 2 ? 255 : 96
    }
  const image = sharp(pixels, { raw: { width, height, channels } })
  switch (options.format ?? 'png') {
    case 'png':
      return image.png({ compressionLevel: 1 }).toBuffer()
    case 'jpeg':
      return image.jpeg({ quality: 90 }).toBuffer()
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer()
    case 'avif':
      return image.avif({ quality: 60, effort: 0 }).toBuffer()
  }
}

/** A one-colour image (a few hundred bytes whatever its size): for fixtures that need a real image of given dimensions. */
export async function plainImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' = 'png',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#4f6d8f' } })
  return image.toFormat(format).toBuffer()
}

/** The lines that give alpha (tests/fixtures/valid-minimal) a cover and a gallery, before its sections; `media` adds gallery entries. */
export function alphaImagesYaml(cover: string | undefined, media: string[] = []): string {
  const lines: string[] = []
  if (cover !== undefined) lines.push('cover:', `  src: ${cover}`, '  alt: The Alpha dashboard with its request graph')
  if (media.length > 0)
    lines.push('media:', ...media.flatMap((src, i) => [`  - src: ${src}`, `    alt: Screen ${i + 1} of Alpha`]))
  return `${lines.join('\n')}\n`
}
