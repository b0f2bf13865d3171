/**
 * The media budget fixture (issue 39): four of the shipped projects, each with a cover and three
 * screenshots, and the owner's photo, drawn at 2400 px by sharp when needed (nothing big is
 * committed). The pictures are app-like screens (a gradient, window chrome, a sidebar, cards, a
 * chart, avatars) with a fine luminance grain, so they encode like real screenshots rather than
 * flat colour. One screenshot is a PNG with transparent corners (the PNG fallback). Every pixel
 * comes from a seeded generator: the same fixture, byte for byte, on every run.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { parse, stringify } from 'yaml'

/** The projects of the fixture (the first is the flagship) and the pictures each gets. */
const PROJECTS = [
  {
    id: 'logic-i',
    hue: 238,
    cover: 'The logic-i dashboard: occupancy cards above a bar chart of monthly bookings',
    shots: [
      ['Warehouse search with filters on the left and a grid of listings', 'Search: filters and listings'],
      ['A booking form beside a summary of the fee and the dates', 'Booking with the 1,000 rupee fee'],
      ['The admin review queue with approve and reject buttons', 'Two-step approval'],
    ],
  },
  {
    id: 'authstack',
    hue: 160,
    cover: 'The AuthStack sign-in screen with password, e-mail code and Google options',
    shots: [
      ['A six-digit code entry form after an e-mail was sent', 'E-mail OTP'],
      ['The session list with device, IP address and expiry', 'Sessions'],
      ['The health report listing the database and mail server as up', 'Health endpoint'],
    ],
  },
  {
    id: 'warehouse-booking',
    hue: 28,
    cover: 'The warehouse booking calendar with reserved weeks shaded',
    shots: [
      ['Available warehouses in a list with price per month', 'Availability'],
      ['The payment step with the order total in rupees', 'Razorpay checkout'],
      ['The admin dashboard with bookings awaiting approval', 'Admin approvals'],
    ],
  },
  {
    id: 'shopplusplus',
    hue: 330,
    cover: 'The Shop++ home page: pet product categories above best sellers',
    shots: [
      ['A product page with photos, price, rating and an add-to-cart button', 'Product page'],
      ['The cart with three items and a guest checkout button', 'Guest checkout'],
      ['Order history with delivery status per order', 'Orders'],
    ],
  },
] as const

export const MEDIA_FIXTURE_PROJECTS: readonly string[] = PROJECTS.map((p) => p.id)
/** The case study the audit's Lighthouse run and the e2e tests open. */
export const MEDIA_FIXTURE_CASE_STUDY = 'authstack'
/** The source width the budget is stated for. */
export const SOURCE_WIDTH = 2400

/** A small seeded generator (mulberry32): the grain is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An app-like screen as SVG: gradient, window bar, sidebar, stat cards, a bar chart and avatars. */
function screenSvg(width: number, height: number, hue: number, seed: number, transparentCorners: boolean): string {
  const next = random(seed)
  const u = width / 100
  // The main panel: a bar chart over its upper half, a table of text below.
  const panelTop = 26 * u
  const panel = height - 5 * u - panelTop
  const baseline = panelTop + 0.55 * panel
  const bars = Array.from({ length: 12 }, (_, i) => {
    const h = (0.25 + next() * 0.7) * (0.55 * panel - 3 * u)
    return `<rect x="${30 * u + i * 5.6 * u}" y="${baseline - h}" width="${3.6 * u}" height="${h}" rx="${0.6 * u}" fill="hsl(${hue} 70% ${45 + (i % 3) * 8}%)"/>`
  }).join('')
  const cards = Array.from(
    { length: 3 },
    (_, i) =>
      `<rect x="${30 * u + i * 22.5 * u}" y="${12 * u}" width="${20 * u}" height="${11 * u}" rx="${u}" fill="#fff" fill-opacity="0.92"/>` +
      `<rect x="${32 * u + i * 22.5 * u}" y="${15 * u}" width="${9 + next() * 6}%" height="${1.4 * u}" rx="${0.7 * u}" fill="hsl(${hue} 30% 40%)"/>` +
      `<rect x="${32 * u + i * 22.5 * u}" y="${18.5 * u}" width="${6 * u}" height="${2.4 * u}" rx="${0.7 * u}" fill="hsl(${hue} 70% 45%)"/>`,
  ).join('')
  const rows = Array.from(
    { length: 7 },
    (_, i) =>
      `<rect x="${3 * u}" y="${12 * u + i * 4.5 * u}" width="${(12 + next() * 8) * u}" height="${1.6 * u}" rx="${0.8 * u}" fill="#fff" fill-opacity="${i === 1 ? 0.95 : 0.55}"/>`,
  ).join('')
  const avatars = Array.from(
    { length: 4 },
    (_, i) =>
      `<circle cx="${(80 + i * 4) * u}" cy="${4.5 * u}" r="${1.6 * u}" fill="hsl(${(hue + 40 * i) % 360} 65% 60%)" stroke="#fff" stroke-width="${0.3 * u}"/>`,
  ).join('')
  // Lines of "text" (short bars of varied width), as a screen shows: the fine edges encoders find hard.
  const text = (x: number, y: number, w: number, lines: number, colour: string) =>
    Array.from({ length: lines }, (_, i) => {
      let left = x
      let words = ''
      while (left < x + w * (0.6 + next() * 0.4)) {
        const word = (1 + next() * 4) * 0.55 * u
        words += `<rect x="${left}" y="${y + i * 1.6 * u}" width="${word}" height="${0.6 * u}" rx="${0.2 * u}" fill="${colour}"/>`
        left += word + 0.5 * u
      }
      return words
    }).join('')
  const table = text(
    30 * u,
    baseline + 3 * u,
    65 * u,
    Math.floor((0.45 * panel - 4 * u) / (1.6 * u)),
    `hsl(${hue} 20% 35%)`,
  )
  const notes = text(3 * u, 46 * u, 19 * u, 14, 'rgb(255 255 255 / 0.6)')
  const radius = transparentCorners ? 4 * u : 0
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue} 55% 92%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 60% 78%)"/>
</linearGradient>
<radialGradient id="glow" cx="0.8" cy="0.2" r="0.6"><stop offset="0" stop-color="hsl(${hue} 90% 70%)" stop-opacity="0.55"/><stop offset="1" stop-color="hsl(${hue} 90% 70%)" stop-opacity="0"/></radialGradient>
<clipPath id="frame"><rect width="${width}" height="${height}" rx="${radius}"/></clipPath>
</defs>
<g clip-path="url(#frame)">
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<rect width="${width}" height="${9 * u}" fill="hsl(${hue} 35% 18%)"/>
<circle cx="${3 * u}" cy="${4.5 * u}" r="${1.1 * u}" fill="#ff5f57"/><circle cx="${6 * u}" cy="${4.5 * u}" r="${1.1 * u}" fill="#febc2e"/><circle cx="${9 * u}" cy="${4.5 * u}" r="${1.1 * u}" fill="#28c840"/>
<rect x="${20 * u}" y="${2.8 * u}" width="${40 * u}" height="${3.4 * u}" rx="${1.7 * u}" fill="#fff" fill-opacity="0.14"/>
${avatars}
<rect y="${9 * u}" width="${25 * u}" height="${height - 9 * u}" fill="hsl(${hue} 40% 28%)"/>
${rows}
${cards}
<rect x="${28 * u}" y="${panelTop}" width="${69 * u}" height="${panel}" rx="${u}" fill="#fff" fill-opacity="0.85"/>
${bars}
${table}
${notes}
<circle cx="${(60 + next() * 20) * u}" cy="${baseline - (4 + next() * 4) * u}" r="${4 * u}" fill="none" stroke="hsl(${(hue + 180) % 360} 70% 50%)" stroke-width="${0.8 * u}"/>
</g>
</svg>`
}

/** The screen drawn at `width` x `height`, with a seeded luminance grain of +-`grain` levels. */
async function drawScreen(
  file: string,
  {
    width,
    height,
    hue,
    seed,
    format,
  }: { width: number; height: number; hue: number; seed: number; format: 'png' | 'png-alpha' | 'jpeg' },
): Promise<void> {
  const alpha = format === 'png-alpha'
  const { data, info } = await sharp(Buffer.from(screenSvg(width, height, hue, seed, alpha)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const next = random(seed * 7919)
  const grain = 6
  for (let i = 0; i < data.length; i += info.channels) {
    const delta = Math.round((next() * 2 - 1) * grain)
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + delta))
  }
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  const output =
    format === 'jpeg'
      ? image.removeAlpha().jpeg({ quality: 92 })
      : format === 'png'
        ? image.removeAlpha().png({ compressionLevel: 6 })
        : image.png({ compressionLevel: 6 })
  await output.toFile(file)
}

/** The owner's photo: a soft portrait-like composition (a head and shoulders on a gradient). */
async function drawPhoto(file: string, size: number): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c7d2fe"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs>
<rect width="100" height="100" fill="url(#bg)"/>
<ellipse cx="50" cy="104" rx="36" ry="30" fill="#1e293b"/>
<rect x="43" y="58" width="14" height="14" fill="#b07a57"/>
<ellipse cx="50" cy="44" rx="16" ry="19" fill="#c68b63"/>
<path d="M33 42c0-14 8-22 17-22s18 7 17 22c-3-6-9-9-17-9s-14 3-17 9z" fill="#2b1d14"/>
</svg>`
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const next = random(4242)
  for (let i = 0; i < data.length; i += 3) {
    const delta = Math.round((next() * 2 - 1) * 6)
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + delta))
  }
  await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(file)
}

type Yaml = Record<string, unknown>

/**
 * Writes the fixture's content folder into `dir` (portfolio.yaml, projects/, media/) from the shipped
 * content in `repo`, and returns the content root to build. `sourceWidth` is the width the pictures
 * are drawn at (the heights keep their proportions): the audit's budget is stated for SOURCE_WIDTH;
 * any width from the build's largest up gives the same variant widths and formats. `screenshotWidth`
 * draws a project's screenshots at another width (by default sourceWidth): for a caller that never
 * opens that project's case study, where alone they are shown, so their size decides nothing it sees.
 */
export async function writeMediaFixture(
  repo: string,
  dir: string,
  {
    sourceWidth = SOURCE_WIDTH,
    screenshotWidth = () => sourceWidth,
  }: { sourceWidth?: number; screenshotWidth?: (project: string) => number } = {},
): Promise<string> {
  const scaled = (height: number, width = sourceWidth) => Math.round((height * width) / SOURCE_WIDTH)
  await mkdir(path.join(dir, 'projects'), { recursive: true })
  await mkdir(path.join(dir, 'media'), { recursive: true })

  const portfolio = parse(await readFile(path.join(repo, 'portfolio.yaml'), 'utf8')) as Yaml
  const projects = portfolio.projects as Yaml
  projects.order = [...MEDIA_FIXTURE_PROJECTS]
  portfolio.photo = { src: 'media/owner.jpg', alt: 'Portrait of Aarav Sharma against an indigo background' }
  await drawPhoto(path.join(dir, 'media/owner.jpg'), sourceWidth)
  await writeFile(path.join(dir, 'portfolio.yaml'), stringify(portfolio))

  let seed = 1
  for (const project of PROJECTS) {
    const folder = path.join(dir, 'media', project.id)
    await mkdir(folder, { recursive: true })
    const data = parse(await readFile(path.join(repo, 'projects', `${project.id}.yaml`), 'utf8')) as Yaml
    await drawScreen(path.join(folder, 'cover.jpg'), {
      width: sourceWidth,
      height: scaled(1350),
      hue: project.hue,
      seed: seed++,
      format: 'jpeg',
    })
    data.cover = { src: `media/${project.id}/cover.jpg`, alt: project.cover }
    const media: Yaml[] = []
    for (const [index, [alt, caption]] of project.shots.entries()) {
      // The flagship's last screenshot has transparent corners: its fallback is a PNG.
      const format = project.id === 'logic-i' && index === 2 ? 'png-alpha' : 'png'
      const file = `media/${project.id}/screen-${index + 1}.png`
      const width = screenshotWidth(project.id)
      await drawScreen(path.join(dir, file), {
        width,
        height: scaled(1500, width),
        hue: (project.hue + 25 * (index + 1)) % 360,
        seed: seed++,
        format,
      })
      media.push({ src: file, alt, caption })
    }
    data.media = media
    const sections = data.sections as Yaml[]
    sections.splice(1, 0, {
      id: 'screenshots',
      title: 'Screenshots',
      kind: 'gallery',
      summary: `The ${String(data.title)} demo as a visitor sees it. Select a screenshot to open it full size.`,
    })
    await writeFile(path.join(dir, 'projects', `${project.id}.yaml`), stringify(data))
  }
  // The resume's own files, if the shipped content names any in public/.
  const resume = portfolio.resume as Yaml | undefined
  if (typeof resume?.file === 'string') {
    await mkdir(path.dirname(path.join(dir, 'public', resume.file)), { recursive: true })
    await copyFile(path.join(repo, 'public', resume.file), path.join(dir, 'public', resume.file))
  }
  return dir
}
