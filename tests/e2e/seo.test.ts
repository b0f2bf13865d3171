import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { shippedContent } from './content.ts'
import { techPages } from '../../site/src/technologies.ts'
import { DESKTOP, launchBrowser } from './browser.ts'

/**
 * Search and sharing, read from the built pages: per-page titles, descriptions and canonical URLs,
 * Open Graph and Twitter cards whose images are real 1200x630 PNGs, JSON-LD that names the right
 * things, <html lang>, and a favicon the browser finds without asking for /favicon.ico.
 */
const siteUrl = inject('siteUrl')
const baseSiteUrl = inject('baseSiteUrl')
const siteDir = inject('siteDir')
const BASE = '/my-portfolio/' // the prefix global-setup builds the second site with

interface Content {
  site: { url: string; language?: string }
  owner: { name: string; role: string }
  links: { github: string; linkedin: string }
  contact: { email: string }
}
interface Project {
  id: string
  title: string
  description: string
  tech: string[]
  githubUrl?: string
}

let content: Content
let projects: Project[]
let origin: string

beforeAll(async () => {
  const shipped = await shippedContent()
  content = shipped.portfolio as unknown as Content
  projects = shipped.projects as unknown as Project[]
  origin = content.site.url.replace(/\/+$/, '')
})

/** The head of a built page, as attribute maps of its <meta>/<link> tags plus title, lang and JSON-LD. */
interface Head {
  lang: string | undefined
  title: string | undefined
  meta: Map<string, string>
  links: Map<string, string>
  jsonLd: string[]
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const attributes = (tag: string) =>
  new Map([...tag.matchAll(/\s([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]))

function parseHead(html: string): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
  const meta = new Map<string, string>()
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/g)) {
    const attrs = attributes(tag)
    const key = attrs.get('name') ?? attrs.get('property') ?? attrs.get('http-equiv')
    if (key) meta.set(key, attrs.get('content') ?? '')
  }
  const links = new Map<string, string>()
  for (const [tag] of head.matchAll(/<link\s[^>]*>/g)) {
    const attrs = attributes(tag)
    if (attrs.get('rel') && attrs.get('rel') !== 'modulepreload') links.set(attrs.get('rel')!, attrs.get('href') ?? '')
  }
  return {
    lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1]?.replace(/&amp;/g, '&'),
    meta,
    links,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
  }
}

const page = (file: string) => readFile(path.join(siteDir, file), 'utf8').then(parseHead)
const pagePaths = () => ['/', ...projects.map((p) => `/projects/${p.id}`)]
/** The technology pages (issue 48): they share the home page's social card, so they are not in pagePaths. */
const techPaths = () => techPages(projects).map((t) => `/projects/tech/${t.slug}`)
const fileOf = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}/index.html`)

/** Width and height from a PNG's IHDR chunk; throws if the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true)
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('titles, descriptions and canonical URLs', () => {
  it('differ on every page (the technology pages too) and point at the page itself on the published origin', async () => {
    expect(techPaths().length).toBeGreaterThan(0)
    const heads = await Promise.all(
      [...pagePaths(), ...techPaths()].map(async (route) => ({ route, head: await page(fileOf(route)) })),
    )
    for (const { route, head } of heads) {
      const canonical = origin + route
      expect(head.links.get('canonical'), route).toBe(canonical)
      expect(head.meta.get('og:url'), route).toBe(canonical)
      expect(head.title?.length, route).toBeGreaterThan(10)
      expect(head.meta.get('description')?.length, route).toBeGreaterThan(50)
      expect(head.meta.get('og:title'), route).toBe(head.title)
      expect(head.meta.get('twitter:title'), route).toBe(head.title)
      expect(head.meta.get('og:description'), route).toBe(head.meta.get('description'))
      expect(head.meta.has('robots'), route).toBe(false)
    }
    for (const key of ['title', 'description', 'canonical'] as const) {
      const values = heads.map(({ head }) =>
        key === 'title' ? head.title : key === 'canonical' ? head.links.get('canonical') : head.meta.get('description'),
      )
      expect(new Set(values).size, key).toBe(heads.length)
    }
    const sitemap = await readFile(path.join(siteDir, 'sitemap.xml'), 'utf8')
    for (const { route } of heads) expect(sitemap).toContain(`<loc>${origin + route}</loc>`)
  })

  it('keeps the 404 page out of the index: noindex, no canonical, no share image', async () => {
    const head = await page('404.html')
    expect(head.meta.get('robots')).toBe('noindex')
    expect(head.links.has('canonical')).toBe(false)
    expect(head.meta.has('og:image')).toBe(false)
  })

  it('declares the content language on <html>', async () => {
    for (const file of ['index.html', fileOf(pagePaths()[1]!), '404.html'])
      expect((await page(file)).lang, file).toBe(content.site.language ?? 'en')
  })
})

describe('Open Graph and Twitter cards', () => {
  it('have an absolute 1200x630 image per page, built from the content, that exists in the site', async () => {
    const images = new Set<string>()
    for (const route of pagePaths()) {
      const head = await page(fileOf(route))
      const image = head.meta.get('og:image') ?? ''
      expect(image, route).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/og/[\\w-]+\\.png$`))
      expect(head.meta.get('twitter:image'), route).toBe(image)
      expect(head.meta.get('twitter:card'), route).toBe('summary_large_image')
      expect(head.meta.get('og:image:width'), route).toBe('1200')
      expect(head.meta.get('og:image:height'), route).toBe('630')
      expect(head.meta.get('og:image:alt')?.length, route).toBeGreaterThan(10)
      const png = await readFile(path.join(siteDir, image.slice(origin.length + 1)))
      expect(pngSize(png), image).toEqual({ width: 1200, height: 630 })
      expect(png.length, image).toBeGreaterThan(20_000) // a drawn card, not an empty canvas
      images.add(image)
    }
    expect(images.size).toBe(pagePaths().length) // one card per page
  })

  it('carry the base path in a --base build, and the image is served there', async () => {
    const html = await (await fetch(baseSiteUrl + `projects/${projects[0]!.id}`)).text()
    const head = parseHead(html)
    expect(head.links.get('canonical')).toBe(`${origin}${BASE}projects/${projects[0]!.id}`)
    const image = head.meta.get('og:image') ?? ''
    expect(image).toBe(`${origin}${BASE}og/${projects[0]!.id}.png`)
    const response = await fetch(baseSiteUrl + image.slice(`${origin}${BASE}`.length))
    expect(response.headers.get('content-type')).toContain('image/png')
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 })
  })
})

describe('JSON-LD', () => {
  const parseOnly = (head: Head): Record<string, unknown> => {
    expect(head.jsonLd).toHaveLength(1)
    expect(head.jsonLd[0]).not.toContain('<') // escaped, so it can never close its <script>
    return JSON.parse(head.jsonLd[0]!) as Record<string, unknown>
  }

  it('describes the owner on / as a Person with job title, URL, profiles and email', async () => {
    const data = parseOnly(await page('index.html'))
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: content.owner.name,
      jobTitle: content.owner.role,
      url: `${origin}/`,
      email: content.contact.email.replace(/^mailto:/, ''),
    })
    expect(data.sameAs).toEqual(expect.arrayContaining([content.links.github, content.links.linkedin]))
  })

  it('describes each technology page as a CollectionPage listing the case studies that use it', async () => {
    for (const tech of techPages(projects)) {
      const data = parseOnly(await page(fileOf(`/projects/tech/${tech.slug}`)))
      expect(data, tech.slug).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        url: `${origin}/projects/tech/${tech.slug}`,
        about: { '@type': 'Thing', name: tech.name },
      })
      const items = (data.mainEntity as { itemListElement: { url: string; position: number }[] }).itemListElement
      expect(
        items.map((item) => item.url),
        tech.slug,
      ).toEqual(tech.projectIds.map((id) => `${origin}/projects/${id}`))
      expect(items.map((item) => item.position)).toEqual(items.map((_, i) => i + 1))
    }
  })

  it('describes each case study as SoftwareSourceCode with its repository, technologies and author', async () => {
    for (const project of projects) {
      const data = parseOnly(await page(fileOf(`/projects/${project.id}`)))
      expect(data, project.id).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'SoftwareSourceCode',
        name: project.title,
        description: project.description,
        url: `${origin}/projects/${project.id}`,
        author: { '@type': 'Person', name: content.owner.name },
        image: `${origin}/og/${project.id}.png`,
      })
      if (project.githubUrl) expect(data.codeRepository, project.id).toBe(project.githubUrl)
      expect(String(data.keywords).split(', '), project.id).toEqual(project.tech)
    }
  })
})

describe('favicon', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('is linked on every page, so the browser never asks for /favicon.ico (also under a base path)', async () => {
    for (const url of [siteUrl, siteUrl + `projects/${projects[0]!.id}`, baseSiteUrl]) {
      const context = await browser.newContext(DESKTOP)
      const tab = await context.newPage()
      const requested: string[] = []
      tab.on('request', (request) => requested.push(new URL(request.url()).pathname))
      await tab.goto(url, { waitUntil: 'networkidle' })
      const icon = await tab.locator('link[rel="icon"]').getAttribute('href')
      expect(icon, url).toMatch(/\.svg$/)
      expect(requested, url).toContain(new URL(icon!, url).pathname)
      expect(
        requested.filter((p) => p.endsWith('favicon.ico')),
        url,
      ).toEqual([])
      await context.close()
    }
  })
})
