import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js'
import { FONT_FAMILY, FONT_FILES } from './card-fonts.ts'

/** Only the bundled fonts, never the machine's: a card comes out the same wherever it is built. */
export const RESVG_OPTIONS: ResvgRenderOptions = {
  fitTo: { mode: 'original' },
  font: { fontFiles: [FONT_FILES.regular, FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  shapeRendering: 2, // geometricPrecision: anti-aliased edges
}

/** A card's SVG as a PNG. A plain function of plain data, so it can run on any thread; throws on an SVG resvg cannot read. */
export function renderCard(svg: string): Buffer {
  return new Resvg(svg, RESVG_OPTIONS).render().asPng()
}
