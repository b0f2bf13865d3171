import { imageSizes } from '../image-sizes.ts'
import type { ResponsiveImage } from '../generated/types.ts'
import { useStrings } from '../i18n/language-context.ts'
import { Icon } from './icon.tsx'
import { Picture } from './picture.tsx'
import { ZoomDialog } from './zoom-dialog.tsx'

/** A gallery section's images (the project's media), in order, each opening full size. */
export function Gallery({ images }: { images: readonly ResponsiveImage[] }) {
  return (
    <ul className="gallery">
      {images.map((image, index) => (
        <li key={index}>
          <GalleryFigure image={image} />
        </li>
      ))}
    </ul>
  )
}

function GalleryFigure({ image }: { image: ResponsiveImage }) {
  const strings = useStrings()
  return (
    <figure className="card gallery__item">
      <ZoomDialog
        title={image.caption ?? image.alt}
        width={image.width}
        scale={(view) => fitScale(view, image)}
        className="diagram-dialog--image"
        opener={({ ref, onClick }) => (
          <button type="button" className="gallery__open" ref={ref} onClick={onClick}>
            <span className="visually-hidden">{`${strings.viewFullSize}: `}</span>
            <Picture image={image} sizes={imageSizes.gallery} />
            <span className="gallery__hint" aria-hidden="true">
              <Icon name="maximize" size={16} />
            </span>
          </button>
        )}
      >
        {/* Sized at its intrinsic width, so every screen fetches the largest variant. */}
        <Picture image={image} sizes={`${image.width}px`} loading="eager" />
      </ZoomDialog>
      {image.caption ? <figcaption className="gallery__caption">{image.caption}</figcaption> : null}
    </figure>
  )
}

/** The zoom at which the whole image fits the dialog's view (never above its intrinsic size). */
function fitScale(view: HTMLElement, image: ResponsiveImage): number {
  const style = getComputedStyle(view)
  // A pixel to spare: the picture's width is rounded to whole pixels.
  const width = view.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1
  const height = view.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - 1
  return Math.min(1, width / image.width, height / image.height)
}
