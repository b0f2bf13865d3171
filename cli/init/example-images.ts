/**
 * The example project's cover and screenshot, drawn here (shapes only, no text, so they come out
 * the same whatever fonts the machine has) and rendered to PNG by sharp when `init` runs: the
 * scaffold shows the images feature working, and the package ships no image files.
 */

const W = 1600
const ACCENT = '#4f46e5'
const INK = '#0f172a'
const PAPER = '#f8fafc'
const LINE = '#e2e8f0'

const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"/>`

/** A shop's front page: a header, a hero band and a grid of product cards. */
function storefront(): string {
  const h = 900
  const tones = ['#fde68a', '#a7f3d0', '#bfdbfe', '#fbcfe8', '#ddd6fe', '#fecaca', '#c7d2fe', '#bbf7d0']
  const cards = tones.map((tone, i) => {
    const x = 120 + (i % 4) * 350
    const y = 420 + Math.floor(i / 4) * 230
    return [
      rect(x, y, 310, 200, '#ffffff', 18),
      rect(x + 16, y + 16, 278, 110, tone, 12),
      rect(x + 16, y + 142, 170, 14, INK, 7),
      rect(x + 16, y + 168, 90, 14, ACCENT, 7),
    ].join('')
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}">
  ${rect(0, 0, W, h, PAPER)}
  ${rect(0, 0, W, 96, '#ffffff')}${rect(0, 95, W, 2, LINE)}
  ${rect(120, 32, 44, 32, ACCENT, 8)}${rect(180, 40, 160, 16, INK, 8)}
  ${rect(880, 36, 420, 24, '#f1f5f9', 12)}${rect(1360, 30, 120, 36, ACCENT, 18)}
  <defs><linearGradient id="hero" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4338ca"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
  ${rect(120, 136, 1360, 240, 'url(#hero)', 28)}
  ${rect(180, 196, 520, 36, '#ffffff', 18)}${rect(180, 252, 380, 20, '#c7d2fe', 10)}${rect(180, 300, 180, 44, '#ffffff', 22)}
  <circle cx="1240" cy="256" r="92" fill="#a5b4fc" opacity="0.6"/><circle cx="1330" cy="206" r="52" fill="#fde68a" opacity="0.8"/>
  ${cards.join('\n  ')}
</svg>`
}

/** The cart and checkout: a list of items beside an order summary with a pay button. */
function checkout(): string {
  const h = 760
  const items = [0, 1, 2].map((i) => {
    const y = 200 + i * 170
    const tone = ['#bfdbfe', '#fbcfe8', '#a7f3d0'][i] as string
    return [
      rect(120, y, 880, 140, '#ffffff', 18),
      rect(140, y + 20, 100, 100, tone, 12),
      rect(270, y + 34, 320, 18, INK, 9),
      rect(270, y + 68, 200, 14, '#94a3b8', 7),
      rect(820, y + 48, 140, 40, '#f1f5f9', 20),
    ].join('')
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}">
  ${rect(0, 0, W, h, PAPER)}
  ${rect(0, 0, W, 96, '#ffffff')}${rect(0, 95, W, 2, LINE)}
  ${rect(120, 32, 44, 32, ACCENT, 8)}${rect(180, 40, 160, 16, INK, 8)}
  ${rect(120, 136, 300, 28, INK, 14)}
  ${items.join('\n  ')}
  ${rect(1060, 200, 420, 480, '#ffffff', 18)}
  ${[0, 1, 2].map((i) => rect(1090, 240 + i * 56, 360, 16, i === 2 ? INK : '#cbd5e1', 8)).join('')}
  ${rect(1090, 420, 360, 2, LINE)}
  ${rect(1090, 450, 220, 24, INK, 12)}
  ${rect(1090, 580, 360, 64, ACCENT, 32)}
</svg>`
}

/** The example's images, as files of the scaffold (media/online-store/). */
export async function exampleImages(): Promise<{ path: string; contents: Buffer }[]> {
  const { default: sharp } = await import('sharp')
  const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer()
  return [
    { path: 'media/online-store/cover.png', contents: await png(storefront()) },
    { path: 'media/online-store/checkout.png', contents: await png(checkout()) },
  ]
}
