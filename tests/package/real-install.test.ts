/**
 * The tool as users get it: `npm pack`, installed from the tarball into an empty folder far from this
 * checkout (no access to its node_modules), `portfolio init` there, then the created portfolio's own
 * `npm install`, validate, build and doctor, and the built site in Chromium. The npm registry is
 * reached for the tool's dependencies (--prefer-offline: from npm's cache when it has them).
 * Run with `npm run test:package` (about 1.5 minutes on 2 cores; not part of `npm test`).
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { launchBrowser, watchConsole } from '../e2e/browser.ts'

const repo = path.resolve(import.meta.dirname, '../..')
const tool = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string }
const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-package-'))
const site = path.join(work, 'my-portfolio')
let tarball = ''

/** npm and the CLI as a user's shell runs them: none of the variables `npm run` sets for this checkout. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^(npm_package_|npm_lifecycle_|npm_config_local_prefix|INIT_CWD$|NODE_PATH$)/.test(key),
  ),
)
const userEnv = { ...env, NO_COLOR: '1', GITHUB_ACTIONS: '', GITHUB_REPOSITORY: 'ada/my-portfolio' }

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: userEnv, timeout: 240_000 })
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    )
  return result
}
const npm = (args: string[], cwd: string) => run('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], cwd)

interface Packed {
  filename: string
  size: number
  unpackedSize: number
  files: { path: string; size: number }[]
}

let packed: Packed
// lib/ is compiled by the global setup (tests/helpers/build-cli.ts), what `prepare` does before a real pack.
beforeAll(() => {
  packed = (
    JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], repo).stdout) as Packed[]
  )[0] as Packed
  tarball = path.join(work, packed.filename)
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packed tool, installed from its tarball', () => {
  it('holds the CLI, the site, schemas, templates and fonts, and nothing test-only', () => {
    console.log(
      `${packed.filename}: ${(packed.size / 1000).toFixed(1)} kB packed, ${(packed.unpackedSize / 1000).toFixed(1)} kB unpacked, ${packed.files.length} files`,
    )
    console.log(packed.files.map((f) => `  ${f.path}  ${f.size}`).join('\n'))
    const paths = packed.files.map((f) => f.path)
    for (const needed of [
      'bin/portfolio.mjs',
      'lib/cli/bin.js',
      'lib/cli/api.js',
      'lib/cli/api.d.ts',
      'site/vite.config.ts',
      'site/src/entry-server.tsx',
      'schema/portfolio.schema.json',
      'schema/project.schema.json',
      'templates/default/_gitignore',
      'templates/default/.github/workflows/deploy.yml',
      'LICENSE',
    ]) {
      expect(paths, needed).toContain(needed)
    }
    expect(paths.some((p) => p.startsWith('assets/fonts/'))).toBe(true)
    // Made when the tool is built, so a user's first run compiles nothing and reads no font to check text.
    expect(paths.filter((p) => p.startsWith('lib/prebuilt/')).sort()).toEqual([
      'lib/prebuilt/font-coverage.json',
      expect.stringMatching(/^lib\/prebuilt\/types-[0-9a-f]{32}\.ts$/),
      expect.stringMatching(/^lib\/prebuilt\/validators-[0-9a-f]{16}\.cjs$/),
    ])
    const testOnly = paths.filter(
      (p) =>
        /(^|\/)(tests?|fixtures|e2e|bench|audit|scripts|generated|\.server-build)\//.test(p) ||
        /\.test\.|\.tsbuildinfo$|^portfolio\.yaml$|^projects\//.test(p),
    )
    expect(testOnly).toEqual([])
  })

  it('creates a portfolio from an empty folder whose own npm install, validate, build and doctor work', () => {
    // The tool installed on its own, as `npx` would: run its init from there.
    const installed = path.join(work, 'tool')
    mkdirSync(installed)
    writeFileSync(path.join(installed, 'package.json'), '{ "private": true }\n')
    npm(['install', tarball], installed)
    const init = run(path.join(installed, 'node_modules/.bin/portfolio'), ['init', 'my-portfolio'], work)
    expect(init.stderr).toContain('Next steps:\n  cd my-portfolio && npm install\n  npm run dev ')

    // The created package.json asks for this version; the registry does not have it yet, so point it at the tarball.
    const manifestFile = path.join(site, 'package.json')
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { devDependencies: Record<string, string> }
    expect(manifest.devDependencies[tool.name]).toBe(`^${tool.version}`)
    manifest.devDependencies[tool.name] = `file:${tarball}`
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2))
    npm(['install'], site)

    // The modelines resolve inside the portfolio's own node_modules.
    for (const file of ['portfolio.yaml', 'projects/online-store.yaml']) {
      const link =
        /^# yaml-language-server: \$schema=(\S+)$/m.exec(readFileSync(path.join(site, file), 'utf8'))?.[1] ?? ''
      expect(link).toContain(`node_modules/${tool.name}/schema/`)
      expect(existsSync(path.resolve(path.dirname(path.join(site, file)), link)), link).toBe(true)
    }

    // The portfolio, its project and its post, their Spanish translations (init shows one), the lock.
    const validate = run('npm', ['run', 'validate'], site).stderr
    expect(validate).toContain('✔ 7 files checked, no problems')
    expect(validate).toMatch(/^es 100% translated$/m)
    const build = run('npm', ['run', 'build', '--', '--base', '/my-portfolio/'], site)
    // In English and in Spanish: /, the example project, the 404 page, and the example post's:
    // /writing, its page and its two tags.
    expect(build.stderr).toMatch(/✔ built 14 pages into dist\//)
    // The deploy workflow's upload-pages-artifact leaves hidden files out of the site: the build makes none.
    const built = readdirSync(path.join(site, 'dist'), { recursive: true }).map(String)
    expect(built.filter((file) => file.split(path.sep).some((part) => part.startsWith('.')))).toEqual([])
    // The store is where init's deploy workflow restores and saves it.
    const deploy = parse(readFileSync(path.join(site, '.github/workflows/deploy.yml'), 'utf8')) as {
      jobs: { build: { steps: { uses?: string; with?: { path?: string } }[] } }
    }
    const storePath = deploy.jobs.build.steps.find((s) => s.uses?.startsWith('actions/cache@'))?.with?.path ?? ''
    expect(existsSync(path.join(site, storePath, 'store')), storePath).toBe(true)
    // The schema types come prebuilt: their generator (and prettier) is not installed with the tool.
    expect(existsSync(path.join(site, 'node_modules/json-schema-to-typescript'))).toBe(false)
    const doctor = run('npx', ['portfolio', 'doctor', '--base', '/my-portfolio/', '--format', 'json'], site)
    expect(JSON.parse(doctor.stdout)).toEqual([])

    // The small API, as another program imports it (types included).
    const api = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { validate } from '${tool.name}'; const r = await validate(); console.log(r.ok, r.fileCount)`,
      ],
      site,
    )
    // The scaffold's files: portfolio.yaml and its es translation, the project and its, the post and its, the lock.
    expect(api.stdout.trim()).toBe('true 7')
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
    const typecheck = (source: string) => {
      writeFileSync(path.join(site, 'check-types.mts'), source)
      return spawnSync(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--skipLibCheck',
          'check-types.mts',
        ],
        { cwd: site, encoding: 'utf8', env: userEnv },
      )
    }
    const typed = typecheck(
      `import { build, type BuildOptions, type BuildResult } from '${tool.name}'\nconst options: BuildOptions = { root: '.', base: '/x/' }\nexport const built: Promise<BuildResult> = build(options)\n`,
    )
    expect(typed.stdout + typed.stderr).toBe('')
    // The types are real, not any: a wrong use fails.
    const wrong = typecheck(
      `import { validate } from '${tool.name}'\nexport const ok: string = (await validate()).ok\n`,
    )
    expect(wrong.stdout).toContain("error TS2322: Type 'boolean' is not assignable to type 'string'.")
  }, 480_000)

  it('serves a built site whose home page and case study load in Chromium without console errors', async () => {
    const preview = spawn(
      path.join(site, 'node_modules/.bin/portfolio'),
      ['preview', '--base', '/my-portfolio/', '--port', '0'],
      { cwd: site, env: userEnv },
    )
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = ''
        preview.stderr.on('data', (chunk: Buffer) => {
          text += chunk.toString()
          const match = /at (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(text)
          if (match?.[1]) resolve(match[1])
        })
        preview.once('exit', (code) => reject(new Error(`preview exited ${code}: ${text}`)))
      })
      const browser = await launchBrowser()
      try {
        const page = await browser.newPage()
        const problems = watchConsole(page)
        await page.goto(url, { waitUntil: 'networkidle' })
        expect(await page.locator('body').innerText()).toContain('Your Name')
        await page.goto(new URL('projects/online-store/', url).href, { waitUntil: 'networkidle' })
        expect(await page.locator('h1').first().innerText()).toBe('Online Store')
        expect(problems).toEqual([])
      } finally {
        await browser.close()
      }
    } finally {
      preview.kill('SIGTERM')
    }
  }, 120_000)
})
