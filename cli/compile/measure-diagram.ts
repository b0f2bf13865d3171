import { Parser } from 'htmlparser2'

/** A drawn diagram's natural size (its root's width and height) and its smallest text, in SVG px. */
export interface DiagramSize {
  width: number
  height: number
  /** The smallest font size of any text; the site scales the picture so that it shows at >= 12 px. */
  textSize: number
  /** Flowchart and state nodes drawn (the renderer's `g.node` groups), for the author's hint. */
  nodes: number
}

/** SVG text inherits its size from the nearest ancestor that sets one; the renderer sets it on every text. */
const INHERITED_DEFAULT = 16

/** Reads the sizes from the SVG's elements (parsed, so attribute order and quoting do not matter). */
export function measureDiagram(svg: string): DiagramSize {
  let width = 0
  let height = 0
  let textSize = Infinity
  let nodes = 0
  const sizes: number[] = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const own = Number.parseFloat(attributes['font-size'] ?? '')
        sizes.push(Number.isFinite(own) ? own : (sizes.at(-1) ?? INHERITED_DEFAULT))
        if (name === 'svg' && width === 0) {
          width = Number.parseFloat(attributes.width ?? '') || 0
          height = Number.parseFloat(attributes.height ?? '') || 0
        }
        if (name === 'g' && attributes.class === 'node') nodes++
        if (name === 'text' || name === 'tspan') textSize = Math.min(textSize, sizes.at(-1) ?? INHERITED_DEFAULT)
      },
      onclosetag() {
        sizes.pop()
      },
    },
    { xmlMode: true },
  )
  parser.write(svg)
  parser.end()
  return {
    width: round(width),
    height: round(height),
    textSize: Number.isFinite(textSize) ? textSize : INHERITED_DEFAULT,
    nodes,
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
