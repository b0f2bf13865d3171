/**
 * `sizes` of each image slot: the width its image is laid out at, per viewport width, from the CSS
 * (styles/home.css, project.css; the container is at most 1160 px with 4vw padding, 16 to 32 px). A
 * browser picks a variant from it before the stylesheet has laid anything out, so it must say what the
 * CSS will do: tests/e2e/media.test.ts compares every slot with its rendered width at several widths.
 */
export const imageSizes = {
  /** A project card on /: one column, then two from 722 px, three from 1072 px; the cover spans the card. */
  card: '(min-width: 1160px) 347px, (min-width: 1072px) calc(33.3vw - 39px), (min-width: 722px) calc(48vw - 30px), 92vw',
  /** The flagship card on /: inside its padding; beside the text (the narrower column) from 960 px. */
  featured:
    '(min-width: 1160px) 409px, (min-width: 960px) calc(41.7vw - 74px), (min-width: 800px) calc(92vw - 66px), (min-width: 500px) 84vw, calc(92vw - 42px)',
  /** A case study's header: the container's width. */
  header: '(min-width: 1160px) 1096px, (min-width: 800px) calc(100vw - 64px), 92vw',
  /** A post's cover: the header's text column (at most 48rem, 768 px). */
  post: '(min-width: 832px) 768px, (min-width: 800px) calc(100vw - 64px), 92vw',
  /** A gallery tile: one column, then two from 640 px; the table of contents takes a column from 1100 px. */
  gallery:
    '(min-width: 1160px) 398px, (min-width: 1100px) calc(50vw - 182px), (min-width: 800px) calc(50vw - 46px), (min-width: 640px) calc(46vw - 14px), 92vw',
  /** The owner's photo in About: a fixed circle. */
  photo: '(min-width: 960px) 176px, 144px',
} as const
