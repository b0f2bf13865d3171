import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { brief, copyRepoContent, copyToTemp, FIXTURES_DIR } from '../helpers/fixtures.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { CliError, InternalError } from '../../cli/errors.ts'
import { listRoutes } from '../../cli/pipeline/list-routes.ts'
import { prerenderRoutes, withSecurityHeaders } from '../../cli/pipeline/prerender.ts'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { openStore } from '../../cli/cache/store.ts'
import { robotsTxt, sitemapXml } from '../../cli/pipeline/seo-files.ts'
import { removeStaleWorkDirectories, swapDirectory } from '../../cli/pipeline/site-folder.ts'

const tempDir = tempDirsPerTest('portfolio-build-')

describe('listRoutes', () => {
  it('lists /, one page per project in content order, and the 404 page', () => {
    expect(listRoutes(['logic-i', 'authstack'])).toEqual([
      { url: '/', file: 'index.html', status: 200 },
      { url: '/projects/logic-i', file: 'projects/logic-i/index.html', status: 200, projectId: 'logic-i' },
      { url: '/projects/authstack', file: 'projects/authstack/index.html', status: 200, projectId: 'authstack' },
      { url: '/404', file: '404.html', status: 404 },
    ])
  })

  it('refuses two projects that would write the same page', () => {
    expect(() => listRoutes(['a', 'a'])).toThrow(InternalError)
  })
})

describe('sitemap and robots', () => {
  it('lists every page that renders with 200 under the published origin and base', () => {
    const xml = sitemapXml(listRoutes(['x']), 'https://jane.dev/', '/sub/')
    expect(xml).toContain('<loc>https://jane.dev/sub/</loc>')
    expect(xml).toContain('<loc>https://jane.dev/sub/projects/x</loc>')
    expect(xml).not.toContain('404')
    expect(robotsTxt('https://jane.dev', '/sub/')).toContain('Sitemap: https://jane.dev/sub/sitemap.xml')
  })
})

describe('security headers', () => {
  it('allows the inline theme script by its hash and puts the policy right after the charset', () => {
    const html = withSecurityHeaders('<html><head><meta charset="UTF-8" /><script>var a=1</script></head></html>')
    expect(html).toMatch(
      /<meta charset="UTF-8" \/>\n\s*<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/,
    )
    expect(html).not.toMatch(/script-src[^;]*unsafe-inline/)
  })
})

describe('atomic output', () => {
  it('swaps the new site in and removes the old one', async () => {
    const dir = tempDir()
    const out = path.join(dir, 'dist')
    mkdirSync(out)
    writeFileSync(path.join(out, 'old.txt'), 'old')
    mkdirSync(path.join(dir, 'new'))
    writeFileSync(path.join(dir, 'new', 'index.html'), 'new')
    await swapDirectory(path.join(dir, 'new'), out, path.join(dir, 'dist.old'))
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new')
    expect(existsSync(path.join(out, 'old.txt'))).toBe(false)
    expect(existsSync(path.join(dir, 'dist.old'))).toBe(false)
  })

  it('restores the previous site when the new one cannot be moved in', async () => {
    const dir = tempDir()
    const out = path.join(dir, 'dist')
    mkdirSync(out)
    writeFileSync(path.join(out, 'index.html'), 'previous')
    await expect(swapDirectory(path.join(dir, 'missing'), out, path.join(dir, 'dist.old'))).rejects.toThrow()
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous')
  })

  it('leaves the previous dist untouched and writes nothing when the content is invalid', async () => {
    const dir = tempDir()
    const repo = path.resolve(import.meta.dirname, '../..')
    const root = path.join(dir, 'content')
    mkdirSync(path.join(root, 'projects'), { recursive: true })
    writeFileSync(
      path.join(root, 'portfolio.yaml'),
      readFileSync(path.join(repo, 'portfolio.yaml'), 'utf8').replace(/^footer:/m, 'fotter:'),
    )
    const out = path.join(dir, 'dist')
    mkdirSync(out)
    writeFileSync(path.join(out, 'index.html'), 'previous')
    const result = await runBuild({ root, outDir: out, base: '/' })
    expect(result.compiled).toBe(false)
    expect(result.diagnostics.map((d) => d.code)).toContain('SCHEMA_UNKNOWN_KEY')
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous')
  })

  it('stops on a project with errors after starting the app build, which the build after the fix takes from the site cache', async () => {
    const fixture = copyRepoContent()
    try {
      const dir = tempDir()
      const project = path.join(fixture.root, 'projects', 'logic-i.yaml')
      const text = readFileSync(project, 'utf8')
      writeFileSync(project, text.replace(/^title:/m, 'titel:'))
      const out = path.join(dir, 'dist')
      mkdirSync(out)
      writeFileSync(path.join(out, 'index.html'), 'previous')
      const store = openStore(path.join(dir, 'cache'))
      const steps: [string, string | undefined][] = []
      const options = {
        root: fixture.root,
        outDir: out,
        base: '/',
        store,
        onStep: (step: string, _ms: number, detail?: string) => steps.push([step, detail]),
      }
      const failed = await runBuild(options)
      expect(failed.compiled).toBe(false)
      expect(failed.diagnostics.map((d) => `${d.code}@${d.file}`)).toContain('SCHEMA_UNKNOWN_KEY@projects/logic-i.yaml')
      expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous')
      // The app build it started (portfolio.yaml was valid) ran to its end and was kept; no work folder is left.
      expect(readdirSync(path.join(dir, 'cache', 'store', 'site'))).toHaveLength(1)
      expect(readdirSync(dir).sort()).toEqual(['cache', 'dist'])
      writeFileSync(project, text)
      steps.length = 0
      const fixed = await runBuild(options)
      expect(fixed.compiled).toBe(true)
      expect(steps).toContainEqual(['vite build (client + server)', 'unchanged app: from the cache'])
      expect(steps).toContainEqual(['prerender', `${8 + techPageFiles(Object.keys(siteFiles(out))).length} pages`])
      expect(readFileSync(path.join(out, 'projects', 'logic-i', 'index.html'), 'utf8')).toContain('logic-i')
    } finally {
      fixture.cleanup()
    }
  }, 60_000)

  it('rebuilds from the store: the same site, Vite run again only for a damaged app entry, and only the pages and cards an edit changed', async () => {
    const fixture = copyRepoContent()
    try {
      const dir = tempDir()
      const out = path.join(dir, 'dist')
      const store = openStore(path.join(dir, 'cache'))
      const steps = new Map<string, string | undefined>()
      const build = async () => {
        steps.clear()
        const result = await runBuild({
          root: fixture.root,
          outDir: out,
          base: '/',
          store,
          onStep: (step, _ms, detail) => steps.set(step, detail),
        })
        expect(result.compiled).toBe(true)
        return siteFiles(out)
      }
      const kept = (kind: string) => readdirSync(path.join(dir, 'cache', 'store', kind))
      const first = await build()
      const techFiles = techPageFiles(Object.keys(first))
      expect(steps.get('prerender')).toBe(`${8 + techFiles.length} pages`)
      const cards = kept('card')
      expect(cards).toHaveLength(7)

      // Nothing changed: the app, every page and every card come from the store, byte for byte the same site.
      justSaved(fixture.root)
      expect(await build()).toEqual(first)
      expect(steps.get('vite build (client + server)')).toBe('unchanged app: from the cache')
      expect(steps.get('prerender')).toBe(
        `${8 + techFiles.length} pages, 0 rendered, ${8 + techFiles.length} unchanged`,
      )
      expect(kept('card').sort()).toEqual(cards.sort())

      // A damaged app entry and a damaged card are not trusted: made again, the same site. (Cards
      // unchanged in the site in place are taken from there: those are damaged too, so the store's are read.)
      for (const [kind, name] of [
        ['site', kept('site')[0]!],
        ['card', cards[0]!],
      ] as const)
        writeFileSync(path.join(dir, 'cache', 'store', kind, name), 'damaged')
      for (const card of readdirSync(path.join(out, 'og'))) writeFileSync(path.join(out, 'og', card), 'damaged')
      expect(await build()).toEqual(first)
      expect(steps.get('vite build (client + server)')).toBe('started alongside checking')
      expect(store.get('card', cards[0]!.replace(/\.bin$/, ''))).toBeInstanceOf(Buffer)

      // One project's title edited: its page and the pages showing its card (the home page, the
      // technology pages that list it) are rendered, its card drawn, the resume made again; the app is kept.
      const showingIt = techFiles.filter((file) =>
        Buffer.from(first[file]!, 'base64').toString('utf8').includes('href="/projects/logic-i"'),
      )
      expect(showingIt.length).toBeGreaterThan(0)
      expect(showingIt.length).toBeLessThan(techFiles.length)
      editTitle(fixture.root)
      const edited = await build()
      expect(steps.get('vite build (client + server)')).toBe('unchanged app: from the cache')
      expect(steps.get('prerender')).toBe(
        `${8 + techFiles.length} pages, ${2 + showingIt.length} rendered, ${6 + techFiles.length - showingIt.length} unchanged`,
      )
      expect(kept('card')).toHaveLength(8)
      const changed = Object.keys(edited)
        .filter((file) => edited[file] !== first[file])
        .sort()
      // The chat's overview (the project's summary) and the resume name the project too; of the chat's
      // passages, only the project's own file changes.
      expect(changed).toEqual([...EDITED_TITLE_OUTPUTS, ...showingIt, 'resume.json', 'resume.pdf'].sort())
      // And it is byte for byte what a cold build of the edited content makes (no store, no previous site).
      expect(await coldEditedSite()).toEqual(edited)
    } finally {
      fixture.cleanup()
    }
  }, 120_000)

  it("hard-links the pages, cards and data files an edit left alone from the site in place, and makes the edited project's anew: the same site as a cold build", async () => {
    const fixture = copyRepoContent()
    try {
      const dir = tempDir()
      const out = path.join(dir, 'dist')
      const store = openStore(path.join(dir, 'cache'))
      const build = async () => {
        expect((await runBuild({ root: fixture.root, outDir: out, base: '/', store })).compiled).toBe(true)
        return inodes(out)
      }
      /** Pages, cards, case studies, chat passages and their indexes: the outputs taken from the site in place. */
      const outputs = (files: Map<string, bigint>) =>
        [...files.keys()].filter((file) => /\.html$|^og\/|^data\//.test(file)).sort()
      const first = await build()
      const techFiles = techPageFiles([...first.keys()])
      expect(techFiles.length).toBeGreaterThan(0)
      expect(outputs(first)).toHaveLength(8 + techFiles.length + 7 + 2 * 6 + 2)

      // Nothing changed: every page, card and data file is the previous build's file, linked, not a copy.
      justSaved(fixture.root)
      const again = await build()
      for (const file of outputs(first)) expect([file, again.get(file)]).toEqual([file, first.get(file)])
      // No two files of the site share an inode: each link replaced one file of the new site.
      expect(new Set(again.values()).size).toBe(again.size)

      editTitle(fixture.root)
      const edited = await build()
      const made = outputs(edited).filter((file) => edited.get(file) !== again.get(file))
      // The edited project's page, card, case study and passages, the home page and the technology
      // pages that list it, the project cards and the chat's overview (its summary of the project):
      // nothing else is written.
      const listingIt = techFiles.filter((file) =>
        readFileSync(path.join(out, file), 'utf8').includes('href="/projects/logic-i"'),
      )
      expect(listingIt.length).toBeLessThan(techFiles.length)
      expect(made).toEqual([...EDITED_TITLE_OUTPUTS, ...listingIt].sort())
      expect(new Set(edited.values()).size).toBe(edited.size)

      expect(siteFiles(out)).toEqual(await coldEditedSite())
    } finally {
      fixture.cleanup()
    }
  }, 120_000)

  it("reports a compile's warning (a diagram too wide) again on a rebuild with nothing changed, which takes the case study from the site in place", async () => {
    const fixture = copyToTemp(undefined, 'portfolio-diagram-width-')
    try {
      cpSync(path.join(FIXTURES_DIR, 'compile', 'diagram-too-wide', 'projects'), path.join(fixture.root, 'projects'), {
        recursive: true,
      })
      const store = openStore(path.join(tempDir(), 'cache'))
      const build = () => runBuild({ root: fixture.root, outDir: path.join(fixture.root, 'dist'), base: '/', store })
      const first = await build()
      justSaved(fixture.root)
      const again = await build()
      expect(first.compiled).toBe(true)
      expect(first.diagnostics.map((d) => d.code)).toEqual(['DIAGRAM_WIDTH'])
      expect(again.compiled).toBe(true)
      expect(again.diagnostics.map(brief)).toEqual(first.diagnostics.map(brief))
    } finally {
      fixture.cleanup()
    }
  }, 120_000)

  it('stops at "up to date", touching no file, when no input, option or output changed since the build in place', async () => {
    const fixture = copyToTemp(undefined, 'portfolio-up-to-date-')
    try {
      cpSync(path.join(FIXTURES_DIR, 'compile', 'diagram-too-wide', 'projects'), path.join(fixture.root, 'projects'), {
        recursive: true,
      })
      ageFiles(fixture.root)
      const out = path.join(tempDir(), 'dist')
      const store = openStore(path.join(tempDir(), 'cache'))
      const steps: string[] = []
      const build = (base = '/') => {
        steps.length = 0
        return runBuild({ root: fixture.root, outDir: out, base, store, onStep: (step) => steps.push(step) })
      }
      const first = await build()
      expect(first.compiled).toBe(true)
      expect(first.upToDate).toBeUndefined()
      const files = identities(out)

      // Nothing to do: no step runs, every output keeps its inode and mtime, and the warning is reported again.
      const again = await build()
      expect(again).toMatchObject({ compiled: true, upToDate: true, pages: first.pages, fileCount: first.fileCount })
      expect(again.diagnostics.map(brief)).toEqual(first.diagnostics.map(brief))
      expect([...again.sources.keys()]).toEqual([...first.sources.keys()])
      expect(steps).toEqual([])
      expect(identities(out)).toEqual(files)

      // Each of these makes the build run: an output removed, another base path, an image added, an edit.
      rmSync(path.join(out, 'robots.txt'))
      expect((await build()).upToDate).toBeUndefined()
      expect(existsSync(path.join(out, 'robots.txt'))).toBe(true)
      expect((await build()).upToDate).toBe(true)
      expect((await build('/sub/')).upToDate).toBeUndefined()
      expect((await build('/sub/')).upToDate).toBe(true)
      mkdirSync(path.join(fixture.root, 'media'))
      writeFileSync(path.join(fixture.root, 'media', 'notes.txt'), 'not an image any page shows')
      ageFiles(fixture.root)
      expect((await build('/sub/')).upToDate).toBeUndefined()
      editTitleOf(path.join(fixture.root, 'portfolio.yaml'), /^  title: (.*)$/m)
      const edited = await build('/sub/')
      expect(edited.upToDate).toBeUndefined()
      expect(steps).toContain('prerender')
      // The edit was saved in the tick that build started: its bytes are compared with those it read, and match.
      expect((await build('/sub/')).upToDate).toBe(true)
    } finally {
      fixture.cleanup()
    }
  }, 120_000)

  it('stops, leaving the previous site and no work folder, when a diagram passes the checks but cannot be drawn (the cards had started)', async () => {
    const fixture = copyRepoContent()
    try {
      const dir = tempDir()
      const project = path.join(fixture.root, 'projects', 'logic-i.yaml')
      // "flowchart XX" passes check-diagrams (the type is known) and fails in the renderer.
      writeFileSync(
        project,
        readFileSync(project, 'utf8').replace(
          'mermaid: |\n          flowchart TB\n',
          'mermaid: |\n          flowchart XX\n',
        ),
      )
      const out = path.join(dir, 'dist')
      mkdirSync(out)
      writeFileSync(path.join(out, 'index.html'), 'previous')
      const steps: string[] = []
      const failed = await runBuild({
        root: fixture.root,
        outDir: out,
        base: '/',
        store: false,
        onStep: (step) => steps.push(step),
      })
      expect(failed.compiled).toBe(false)
      expect(failed.diagnostics.map((d) => `${d.code}@${d.file}`)).toEqual(['DIAGRAM_SYNTAX@projects/logic-i.yaml'])
      expect(steps).toEqual(['validate + generate'])
      expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous')
      expect(readdirSync(dir)).toEqual(['dist'])
    } finally {
      fixture.cleanup()
    }
  }, 60_000)

  it('fails naming the route when rendering throws, and removes leftovers of killed builds', async () => {
    const dir = tempDir()
    const entry = path.join(dir, 'entry-server.mjs')
    writeFileSync(entry, 'export async function render(url) { throw new Error(`boom at ${url}`) }\n')
    writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head><body><!--app-html--></body></html>')
    await expect(prerenderRoutes(listRoutes([]), { serverEntry: entry, siteDir: dir, base: '/' })).rejects.toThrow(
      CliError,
    )
    await expect(prerenderRoutes(listRoutes([]), { serverEntry: entry, siteDir: dir, base: '/' })).rejects.toThrow(
      'rendering / failed: boom at /',
    )
    mkdirSync(path.join(dir, 'dist.tmp-999'))
    mkdirSync(path.join(dir, 'dist.old-999'))
    await removeStaleWorkDirectories(path.join(dir, 'dist'))
    expect(existsSync(path.join(dir, 'dist.tmp-999'))).toBe(false)
    expect(existsSync(path.join(dir, 'dist.old-999'))).toBe(false)
  })

  it('refuses a page whose status differs from the route or whose <main> is empty', async () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head><body><!--app-html--></body></html>')
    const notFound = path.join(dir, 'not-found.mjs')
    writeFileSync(
      notFound,
      "export async function render() { return { html: '<main>x</main>', head: '', status: 404 } }\n",
    )
    await expect(prerenderRoutes(listRoutes([]), { serverEntry: notFound, siteDir: dir, base: '/' })).rejects.toThrow(
      'rendering / gave status 404, expected 200',
    )
    const empty = path.join(dir, 'empty.mjs')
    writeFileSync(
      empty,
      "export async function render() { return { html: '<main> </main>', head: '', status: 200 } }\n",
    )
    await expect(prerenderRoutes(listRoutes([]), { serverEntry: empty, siteDir: dir, base: '/' })).rejects.toThrow(
      'rendering / produced an empty <main>',
    )
  })
})

/**
 * What editTitle's edit changes among the pages, cards and data files: the project's page, card,
 * case study and passages, the home page, the project cards and the chat's overview.
 */
const EDITED_TITLE_OUTPUTS = [
  'data/cards.json',
  'data/chat.json',
  'data/chat/logic-i.json',
  'data/projects/logic-i.json',
  'index.html',
  'og/logic-i.png',
  'projects/logic-i/index.html',
]

/**
 * The technology pages of a built site (issue 48): one per technology two or more projects use.
 * Each carries every project card for hydration, so a card's edit writes all of them again.
 */
function techPageFiles(files: readonly string[]): string[] {
  return files.filter((file) => /^projects\/tech\/[^/]+\/index\.html$/.test(file)).sort()
}

/** The edit two rebuild tests make: logic-i's title gets " (edited)". */
function editTitle(root: string): void {
  const project = path.join(root, 'projects', 'logic-i.yaml')
  writeFileSync(project, readFileSync(project, 'utf8').replace(/^title: (.*)$/m, 'title: $1 (edited)'))
}

let coldEdited: Promise<Record<string, string>> | undefined
/**
 * The site a cold build (no store, no previous site) makes of the shipped content with editTitle's
 * edit: what both rebuild tests' sites must equal, byte for byte. Built once, by the first test that asks.
 */
function coldEditedSite(): Promise<Record<string, string>> {
  coldEdited ??= (async () => {
    const fixture = copyRepoContent()
    try {
      editTitle(fixture.root)
      const cold = path.join(tempDir(), 'cold')
      expect((await runBuild({ root: fixture.root, outDir: cold, base: '/', store: false })).compiled).toBe(true)
      return siteFiles(cold)
    } finally {
      fixture.cleanup()
    }
  })()
  return coldEdited
}

/**
 * Sets every file under `folder` an hour back: content saved long before the build that reads it,
 * which a build's record trusts by its identity (an input saved within a timestamp tick of the
 * build is "racy", see cli/pipeline/build-record.ts).
 */
function ageFiles(folder: string): void {
  const then = new Date(Date.now() - 3_600_000)
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) utimesSync(path.join(entry.parentPath, entry.name), then, then)
}

/**
 * Content saved a moment ago, unchanged: the build's record cannot trust it, so the next build runs
 * every step (and takes what it can from the store and the site in place), as the tests of those need.
 */
function justSaved(root: string): void {
  const now = new Date()
  utimesSync(path.join(root, 'portfolio.yaml'), now, now)
}

/** Appends " (edited)" to the first line `title` matches (its first group the value). */
function editTitleOf(file: string, title: RegExp): void {
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(title, (line, value: string) => line.replace(value, `${value} (edited)`)),
  )
}

/** Every file of a built site by path, with its inode and mtime. */
function identities(folder: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const stats = statSync(file, { bigint: true })
    files.set(path.relative(folder, file).split(path.sep).join('/'), `${stats.ino} ${stats.mtimeNs}`)
  }
  return files
}

/** Every file of a built site by path, and its inode. */
function inodes(folder: string): Map<string, bigint> {
  const files = new Map<string, bigint>()
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    files.set(path.relative(folder, file).split(path.sep).join('/'), statSync(file, { bigint: true }).ino)
  }
  return files
}

/** Every file of a built site, by path, as text (PNGs as base64): what a visitor could fetch. */
function siteFiles(folder: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    files[path.relative(folder, file).split(path.sep).join('/')] = readFileSync(file).toString('base64')
  }
  return files
}
