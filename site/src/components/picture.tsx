import type { CSSProperties, SyntheticEvent } from 'react'
import { useBasename } from '../hooks/use-asset-url.ts'
import type { ResponsiveImage } from '../generated/types.ts'
import { siteFile } from '../paths.ts'

interface PictureProps {
  image: ResponsiveImage
  /** The slot's rendered width per viewport (see image-sizes.ts): the browser picks a variant from it. */
  sizes: string
  /** `eager` only for the one image above the fold of a page; every other image waits until it nears the viewport. */
  loading?: 'lazy' | 'eager'
  fetchPriority?: 'high' | 'auto'
  className?: string
}

/**
 * An image the build made responsive: AVIF and WebP sources, then the JPEG or PNG fallback, every
 * variant at several widths. The `<img>` carries the intrinsic width and height, so the browser
 * reserves its box before a byte arrives, and shows the tiny blurred placeholder (on the dominant
 * colour) as its background until the picture covers it.
 */
export function Picture({ image, sizes, loading = 'lazy', fetchPriority, className }: PictureProps) {
  const basename = useBasename()
  // A transparent image would show its placeholder through: that one is dropped once the image is in.
  const transparent = image.fallback.type === 'image/png'
  const style: CSSProperties = transparent
    ? { backgroundImage: image.placeholder }
    : { backgroundColor: image.color, backgroundImage: image.placeholder }
  return (
    <picture className={className ? `picture ${className}` : 'picture'}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={siteFile.srcset(basename, source.srcset)} sizes={sizes} />
      ))}
      <img
        className="picture__img"
        src={siteFile.url(basename, image.fallback.src)}
        srcSet={siteFile.srcset(basename, image.fallback.srcset)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        style={style}
        ref={transparent ? markIfLoaded : undefined}
        onLoad={transparent ? markLoaded : undefined}
      />
    </picture>
  )
}

/** An image that arrived before hydration fired its load event already. */
function markIfLoaded(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth > 0) img.dataset.loaded = ''
}

function markLoaded(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.dataset.loaded = ''
}
