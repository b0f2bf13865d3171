import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { Gallery } from '../../site/src/components/gallery.tsx'
import { Picture } from '../../site/src/components/picture.tsx'
import { imageSizes } from '../../site/src/image-sizes.ts'
import type { ResponsiveImage } from '../../site/src/generated/types.ts'

/**
 * The markup a visitor's browser chooses a file from: <source> per format with srcset and sizes, an
 * <img> with the fallback, its intrinsic size and the placeholder. Rendered as the prerender does.
 */
const render = (element: ReactElement, basename = '/') =>
  renderToString(createElement(StaticRouter, { location: `${basename}projects/logic-i`, basename }, element))

const key = '3f9a0c1d2e4b5a69'
const widths = [480, 800, 1200, 1600]
const srcset = (ext: string) => widths.map((w) => `media/${key}-${w}.${ext} ${w}w`).join(', ')
const placeholder = 'url("data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=")'

const screenshot: ResponsiveImage = {
  alt: 'The booking dashboard: a calendar of reserved bays',
  caption: 'Bookings by week',
  width: 1600,
  height: 1000,
  placeholder,
  color: '#3b4a6b',
  sources: [
    { type: 'image/avif', srcset: srcset('avif') },
    { type: 'image/webp', srcset: srcset('webp') },
  ],
  fallback: { type: 'image/jpeg', src: `media/${key}-1600.jpg`, srcset: srcset('jpg') },
}

const logo: ResponsiveImage = {
  alt: 'The logic-i logo',
  width: 800,
  height: 800,
  placeholder,
  color: '#ffffff',
  sources: [
    { type: 'image/avif', srcset: `media/${key}-480.avif 480w, media/${key}-800.avif 800w` },
    { type: 'image/webp', srcset: `media/${key}-480.webp 480w, media/${key}-800.webp 800w` },
  ],
  fallback: {
    type: 'image/png',
    src: `media/${key}-800.png`,
    srcset: `media/${key}-480.png 480w, media/${key}-800.png 800w`,
  },
}

describe('Picture', () => {
  it('renders a source per format and the fallback <img>, sized, lazy, with its placeholder', () => {
    expect(render(createElement(Picture, { image: screenshot, sizes: imageSizes.card }))).toMatchInlineSnapshot(
      `"<picture class="picture"><source type="image/avif" srcSet="/media/3f9a0c1d2e4b5a69-480.avif 480w, /media/3f9a0c1d2e4b5a69-800.avif 800w, /media/3f9a0c1d2e4b5a69-1200.avif 1200w, /media/3f9a0c1d2e4b5a69-1600.avif 1600w" sizes="(min-width: 1160px) 347px, (min-width: 1072px) calc(33.3vw - 39px), (min-width: 722px) calc(48vw - 30px), 92vw"/><source type="image/webp" srcSet="/media/3f9a0c1d2e4b5a69-480.webp 480w, /media/3f9a0c1d2e4b5a69-800.webp 800w, /media/3f9a0c1d2e4b5a69-1200.webp 1200w, /media/3f9a0c1d2e4b5a69-1600.webp 1600w" sizes="(min-width: 1160px) 347px, (min-width: 1072px) calc(33.3vw - 39px), (min-width: 722px) calc(48vw - 30px), 92vw"/><img class="picture__img" src="/media/3f9a0c1d2e4b5a69-1600.jpg" srcSet="/media/3f9a0c1d2e4b5a69-480.jpg 480w, /media/3f9a0c1d2e4b5a69-800.jpg 800w, /media/3f9a0c1d2e4b5a69-1200.jpg 1200w, /media/3f9a0c1d2e4b5a69-1600.jpg 1600w" sizes="(min-width: 1160px) 347px, (min-width: 1072px) calc(33.3vw - 39px), (min-width: 722px) calc(48vw - 30px), 92vw" width="1600" height="1000" alt="The booking dashboard: a calendar of reserved bays" loading="lazy" decoding="async" style="background-color:#3b4a6b;background-image:url(&quot;data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=&quot;)"/></picture>"`,
    )
  })

  it('puts every URL under the base path the site is built for', () => {
    const html = render(createElement(Picture, { image: screenshot, sizes: imageSizes.gallery }), '/my-portfolio/')
    const urls = [...html.matchAll(/(?:src|srcSet)="([^"]+)"/g)].flatMap((m) =>
      m[1]!.split(', ').map((candidate) => candidate.split(' ')[0]),
    )
    expect(urls).toHaveLength(13)
    for (const url of urls) expect(url).toMatch(/^\/my-portfolio\/media\/3f9a0c1d2e4b5a69-\d+\.(avif|webp|jpg)$/)
  })

  it('fetches the header cover at once and first', () => {
    const html = render(
      createElement(Picture, { image: screenshot, sizes: imageSizes.header, loading: 'eager', fetchPriority: 'high' }),
    )
    expect(html).toContain(`sizes="${imageSizes.header}" width="1600" height="1000"`)
    expect(html).toContain('loading="eager" decoding="async" fetchPriority="high"')
  })

  it('shows no colour behind a transparent image, only its placeholder (removed once it has loaded)', () => {
    expect(render(createElement(Picture, { image: logo, sizes: imageSizes.photo }))).toMatchInlineSnapshot(
      `"<picture class="picture"><source type="image/avif" srcSet="/media/3f9a0c1d2e4b5a69-480.avif 480w, /media/3f9a0c1d2e4b5a69-800.avif 800w" sizes="(min-width: 960px) 176px, 144px"/><source type="image/webp" srcSet="/media/3f9a0c1d2e4b5a69-480.webp 480w, /media/3f9a0c1d2e4b5a69-800.webp 800w" sizes="(min-width: 960px) 176px, 144px"/><img class="picture__img" src="/media/3f9a0c1d2e4b5a69-800.png" srcSet="/media/3f9a0c1d2e4b5a69-480.png 480w, /media/3f9a0c1d2e4b5a69-800.png 800w" sizes="(min-width: 960px) 176px, 144px" width="800" height="800" alt="The logic-i logo" loading="lazy" decoding="async" style="background-image:url(&quot;data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=&quot;)"/></picture>"`,
    )
  })
})

describe('Gallery', () => {
  it('lists the images in order as figures with captions, each a button; the full-size image and its dialog are not in the page until opened', () => {
    const second = { ...screenshot, alt: 'The invoice screen', caption: undefined }
    const html = render(createElement(Gallery, { images: [screenshot, second] }))
    expect([...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1])).toEqual([screenshot.alt, second.alt])
    expect([...html.matchAll(/<figcaption[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['Bookings by week'])
    expect(html.match(/<button type="button" class="gallery__open">/g)).toHaveLength(2)
    expect([...html.matchAll(/ sizes="([^"]+)"/g)].every((m) => m[1] === imageSizes.gallery)).toBe(true)
    expect(html).not.toContain('loading="eager"')
    // The dialog, and the code that makes it, come with the first click (zoom-dialog.tsx).
    expect(html).not.toContain('<dialog')
  })
})
