import { cardFrame, fitLines, hostOf, textLine, textLines, type TextStyle } from './card-frame.ts'
import { colors, H, PAD, W } from './card-palette.ts'
import type { CardContent, CardSpec, ProjectContent } from './card-specs.ts'
import { COVER_PANEL, coverPanel } from './card-cover.ts'
import { type CardWriting, cardWriting, placeX } from './card-writing.ts'

/** A card's SVG, in its spec's language (see card-writing.ts). Pure: the same spec gives the same SVG. */
export function cardSvg(spec: CardSpec): string {
  const writing = cardWriting(spec.language)
  return spec.project ? projectCard(spec.card, spec.project, writing) : homeCard(spec.card, writing)
}

const contentWidth = W - PAD * 2

function homeCard(card: CardContent, writing: CardWriting): string {
  const name: TextStyle = { size: 80, weight: 'bold', fill: colors.text }
  const role: TextStyle = { size: 40, weight: 'regular', fill: colors.accent }
  const headline: TextStyle = { size: 32, weight: 'regular', fill: colors.muted }
  const value: TextStyle = { size: 38, weight: 'bold', fill: colors.accent }
  const label: TextStyle = { size: 20, weight: 'regular', fill: colors.muted }
  const claims = card.claims.slice(0, 4)
  const claimWidth = claims.length > 0 ? (contentWidth - (claims.length - 1) * 16) / claims.length : 0
  const claimBoxes = claims.map((claim, i) => {
    const x = PAD + i * (claimWidth + 16)
    return [
      `<rect x="${placeX(writing, x, claimWidth)}" y="388" width="${claimWidth}" height="128" rx="18" fill="${colors.surface}" stroke="${colors.border}" stroke-width="1.5"/>`,
      textLines(fitLines(claim.value, value, claimWidth - 40, 1, writing), x + 20, 436, 0, value, writing),
      textLines(fitLines(claim.label, label, claimWidth - 40, 2, writing), x + 20, 470, 25, label, writing),
    ].join('\n  ')
  })
  const body = [
    textLines(fitLines(card.owner.name, name, contentWidth, 1, writing), PAD, 226, 0, name, writing),
    textLines(fitLines(card.owner.role, role, contentWidth, 1, writing), PAD, 282, 0, role, writing),
    textLines(fitLines(card.headline, headline, contentWidth, 2, writing), PAD, 336, 40, headline, writing),
    ...claimBoxes,
  ]
  const footer = [hostOf(card.siteUrl), card.availability].filter(Boolean).join('  ·  ')
  return cardFrame(card.owner.name, footer, body.filter(Boolean).join('\n  '), writing)
}

function projectCard(card: CardContent, project: ProjectContent, writing: CardWriting): string {
  // With a cover, the text keeps the left, up to the cover's panel.
  const contentWidth = project.cover ? COVER_PANEL.x - PAD - 32 : W - PAD * 2
  const label: TextStyle = {
    size: 22,
    weight: 'bold',
    fill: colors.accent,
    ...(writing.spacedLabel ? { letterSpacing: 3 } : {}),
  }
  const titleSize = writing.measure(project.title, 72, 'bold') <= contentWidth ? 72 : 60
  const titleStyle: TextStyle = { size: titleSize, weight: 'bold', fill: colors.text }
  const description: TextStyle = { size: 30, weight: 'regular', fill: colors.muted }
  const title = fitLines(project.title, titleStyle, contentWidth, 2, writing)
  const titleBottom = 262 + (title.length - 1) * (titleSize + 8)
  const descriptionLines = fitLines(project.description, description, contentWidth, title.length > 1 ? 2 : 3, writing)
  const descriptionTop = titleBottom + 58
  const tagsTop = descriptionTop + (descriptionLines.length - 1) * 42 + 36
  const tagRows = Math.max(1, Math.min(2, Math.floor((H - 84 - 24 - tagsTop) / 58)))
  const body = [
    project.cover ? coverPanel(project.cover, writing.rtl) : '',
    textLine(writing.words.caseStudy, PAD, 178, label, writing),
    textLines(title, PAD, 262, titleSize + 8, titleStyle, writing),
    textLines(descriptionLines, PAD, descriptionTop, 42, description, writing),
    tags(project.tech, PAD, tagsTop, contentWidth, tagRows, writing),
  ]
  const footer = `${hostOf(card.siteUrl)}  ·  ${card.owner.name}${writing.words.nameRoleSeparator}${card.owner.role}`
  return cardFrame(card.owner.name, footer, body.filter(Boolean).join('\n  '), writing)
}

/** Rounded tags in rows of at most `maxWidth`, at most `maxRows` rows; what does not fit becomes "+N". */
function tags(
  items: readonly string[],
  x: number,
  y: number,
  maxWidth: number,
  maxRows: number,
  writing: CardWriting,
): string {
  const style: TextStyle = { size: 24, weight: 'regular', fill: colors.text, anchor: 'middle', ltr: true }
  const padX = 20
  const height = 46
  const gap = 12
  const widthOf = (label: string) => Math.ceil(writing.measure(label, style.size, style.weight)) + padX * 2
  const placed: { label: string; x: number; y: number; w: number }[] = []
  let row = 0
  let cursor = x
  for (let i = 0; i < items.length; i += 1) {
    const label = items[i] ?? ''
    const w = widthOf(label)
    const remaining = items.length - i - 1
    const lastRow = row === maxRows - 1
    // On the last row, keep room for a "+N" tag unless this is the final item.
    const reserve = lastRow && remaining > 0 ? gap + widthOf(`+${remaining}`) : 0
    if (cursor + w + reserve > x + maxWidth && cursor > x) {
      if (lastRow) {
        placed.push({
          label: `+${items.length - i}`,
          x: cursor,
          y: y + row * (height + gap),
          w: widthOf(`+${items.length - i}`),
        })
        break
      }
      row += 1
      cursor = x
    }
    if (row === maxRows - 1 && cursor + w + reserve > x + maxWidth) {
      placed.push({
        label: `+${items.length - i}`,
        x: cursor,
        y: y + row * (height + gap),
        w: widthOf(`+${items.length - i}`),
      })
      break
    }
    placed.push({ label, x: cursor, y: y + row * (height + gap), w })
    cursor += w + gap
  }
  return placed
    .map((tag) =>
      [
        `<rect x="${placeX(writing, tag.x, tag.w)}" y="${tag.y}" width="${tag.w}" height="${height}" rx="${height / 2}" fill="${colors.tagBg}" stroke="${colors.border}" stroke-width="1.5"/>`,
        textLine(tag.label, tag.x + tag.w / 2, tag.y + 31, style, writing),
      ].join('\n  '),
    )
    .join('\n  ')
}
