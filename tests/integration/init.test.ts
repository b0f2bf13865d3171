import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const repo = path.resolve(import.meta.dirname, '../..')
const bin = path.join(repo, 'bin/portfolio.mjs')
const temps: string[] = []
const tool = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string }
/** The files of the template (package.json is made, not copied). */
const SCAFFOLD = [
  'portfolio.yaml',
  '.gitignore',
  '.github/workflows/deploy.yml',
  '.github/workflows/validate.yml',
  'projects/online-store.yaml',
  'portfolio.es.yaml',
  'projects/online-store.es.yaml',
  'i18n.lock.yaml',
  'posts/stock-during-checkout.md',
  'posts/stock-during-checkout.es.md',
  'media/online-store/cover.png',
  'media/online-store/checkout.png',
]
const SECTION_KINDS = [
  'prose',
  'features',
  'tech-stack',
  'diagrams',
  'database',
  'endpoints',
  'test-cards',
  'call-to-action',
  'gallery',
]

/** Runs the CLI the way a user outside this repository would: from another folder. */
function run(args: string[], cwd = os.tmpdir()) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  temps.push(dir)
  return dir
}

afterAll(() => {
  temps.forEach((t) => rmSync(t, { recursive: true, force: true }))
  try {
    rmdirSync(path.join(repo, '.portfolio-cache')) // only if the test left it empty
  } catch {}
})

describe('portfolio init', () => {
  it('scaffolds a portfolio outside the repository that validates clean and builds as it is', () => {
    const dir = path.join(tempDir('portfolio-init-'), 'my-portfolio')
    const init = run(['init', dir])
    expect(init.stderr).toContain('✔ Created a portfolio in')
    expect(init.stderr).toContain('Next steps:')
    expect(init.code).toBe(0)
    for (const file of SCAFFOLD) expect(existsSync(path.join(dir, file)), file).toBe(true)
    // No sample PDF to replace by hand: the build makes the resume from the content.
    expect(existsSync(path.join(dir, 'public/resume.pdf'))).toBe(false)

    // Every section kind is there, so the example shows how each one is written.
    const project = parse(readFileSync(path.join(dir, 'projects/online-store.yaml'), 'utf8')) as {
      sections: { kind: string }[]
    }
    expect(new Set(project.sections.map((s) => s.kind))).toEqual(new Set(SECTION_KINDS))

    // A content repository of its own: the tool is a dependency, and the schema lines point into its node_modules.
    for (const [file, link] of [
      ['portfolio.yaml', `./node_modules/${tool.name}/schema/portfolio.schema.json`],
      ['projects/online-store.yaml', `../node_modules/${tool.name}/schema/project.schema.json`],
      ['portfolio.es.yaml', `./node_modules/${tool.name}/schema/portfolio.overlay.schema.json`],
      ['projects/online-store.es.yaml', `../node_modules/${tool.name}/schema/project.overlay.schema.json`],
    ] as const) {
      expect(readFileSync(path.join(dir, file), 'utf8').split('\n')[0]).toBe(`# yaml-language-server: $schema=${link}`)
    }
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string
      scripts: Record<string, string>
      devDependencies: Record<string, string>
    }
    expect(manifest.name).toBe('my-portfolio')
    expect(manifest.devDependencies).toEqual({ [tool.name]: `^${tool.version}` })
    expect(manifest.scripts).toMatchObject({
      dev: 'portfolio dev',
      build: 'portfolio build',
      validate: 'portfolio validate',
    })
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toMatch(/^node_modules\/$/m)
    expect(readFileSync(path.join(dir, '.github/workflows/deploy.yml'), 'utf8')).toContain('actions/deploy-pages')
    // The next two commands, from where init was run.
    expect(init.stderr).toMatch(
      new RegExp(
        `Next steps:\n  cd ${path.relative(os.tmpdir(), dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} && npm install\n  npm run dev `,
      ),
    )

    // The Spanish overlays are checked too, and the lock init writes is current: no stale translation.
    const validate = run(['validate', '--root', dir])
    expect(validate.stderr).toContain('✔ 7 files checked, no problems')
    expect(validate.stderr).toMatch(/^es 100% translated$/m)
    expect(validate.code).toBe(0)

    const out = path.join(tempDir('portfolio-init-dist-'), 'site')
    const build = run(['build', '--root', dir, '--out', out])
    expect(build.code, build.stderr).toBe(0)
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('Your Name')
    expect(readFileSync(path.join(out, 'projects/online-store/index.html'), 'utf8')).toContain('Online Store')
    // The second language: the same pages under /es/, in Spanish.
    const spanishHome = readFileSync(path.join(out, 'es/index.html'), 'utf8')
    expect(spanishHome).toContain('<html lang="es"')
    expect(spanishHome).toContain('Creo aplicaciones web que la gente disfruta usando')
    expect(readFileSync(path.join(out, 'es/projects/online-store/index.html'), 'utf8')).toContain('Tienda online')
    // The example post: its page, and the feeds.
    expect(readFileSync(path.join(out, 'writing/stock-during-checkout/index.html'), 'utf8')).toContain(
      'Keeping stock right when two shoppers check out at once',
    )
    expect(existsSync(path.join(out, 'feed.xml'))).toBe(true)
    expect(readFileSync(path.join(out, 'resume.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(JSON.parse(readFileSync(path.join(out, 'resume.json'), 'utf8'))).toMatchObject({
      basics: { name: 'Your Name' },
      work: [
        { position: 'Full-Stack Developer', name: 'Your Company', startDate: '2023-04' },
        { position: 'Operations Coordinator' },
      ],
    })
  }, 120_000)

  it('shows education, certifications, publications and talks as commented examples that validate once uncommented', () => {
    const dir = path.join(tempDir('portfolio-init-lists-'), 'site')
    expect(run(['init', dir]).code).toBe(0)
    const file = path.join(dir, 'portfolio.yaml')
    const text = readFileSync(file, 'utf8')
    const lists = ['education', 'certifications', 'publications', 'talks']
    for (const list of lists) expect(text).toMatch(new RegExp(`^# ${list}:$`, 'm'))
    const uncommented = text
      .replace(/^# ((education|certifications|publications|talks):)$/gm, '$1')
      .replace(/^# {3}/gm, '  ')
    writeFileSync(file, uncommented)
    expect(Object.keys(parse(uncommented) as object)).toEqual(expect.arrayContaining(lists))
    const validate = run(['validate', '--root', dir])
    expect(validate.stderr).toContain('✔ 7 files checked, no problems')
  })

  it('refuses to overwrite without --force, listing the files (exit 2), and overwrites with it', () => {
    const dir = tempDir('portfolio-init-again-')
    expect(run(['init', dir]).code).toBe(0)
    writeFileSync(path.join(dir, 'portfolio.yaml'), '# my edits\n')

    const again = run(['init', dir])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('already has files that init would overwrite; nothing was written')
    for (const file of SCAFFOLD) expect(again.stderr).toContain(`    ${file}\n`)
    expect(again.stderr).toContain('--force')
    expect(readFileSync(path.join(dir, 'portfolio.yaml'), 'utf8')).toBe('# my edits\n')

    const forced = run(['init', dir, '--force'])
    expect(forced.code).toBe(0)
    expect(forced.stderr).toContain('portfolio.yaml  (overwritten)')
    expect(readFileSync(path.join(dir, 'portfolio.yaml'), 'utf8')).toContain('name: Your Name')
    expect(run(['validate', '--root', dir]).code).toBe(0)
  })

  it('lists only the files it would touch and leaves other files alone', () => {
    const dir = tempDir('portfolio-init-partial-')
    mkdirSync(path.join(dir, 'projects'))
    writeFileSync(path.join(dir, 'README.md'), 'mine\n')
    writeFileSync(path.join(dir, 'projects/online-store.yaml'), 'id: x\n')
    const again = run(['init', dir])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('already has a file that init would overwrite')
    expect(again.stderr).toContain('    projects/online-store.yaml')
    expect(again.stderr).not.toContain('README.md')
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'projects'])
  })

  it("writes the content only, linking the schemas relatively, inside the tool's own folder (a fork)", () => {
    const inside = path.join(repo, '.portfolio-cache', `init-test-${process.pid}`) // git-ignored
    temps.push(inside)
    const init = run(['init', inside])
    expect(init.code).toBe(0)
    expect(init.stderr).toContain(`npx portfolio dev --root .portfolio-cache/init-test-${process.pid}`)
    expect(readdirSync(inside).sort()).toEqual([
      'i18n.lock.yaml',
      'media',
      'portfolio.es.yaml',
      'portfolio.yaml',
      'posts',
      'projects',
    ])
    expect(readFileSync(path.join(inside, 'portfolio.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/\.\.\/schema\/portfolio\.schema\.json$/m,
    )
    expect(readFileSync(path.join(inside, 'projects/online-store.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/schema\/project\.schema\.json$/m,
    )
    expect(readFileSync(path.join(inside, 'projects/online-store.es.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/schema\/project\.overlay\.schema\.json$/m,
    )
  })

  it('adds the tool and the missing scripts to an existing package.json, keeping the rest', () => {
    const dir = tempDir('portfolio-init-manifest-')
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'mine', scripts: { build: 'custom build' }, dependencies: { leftpad: '1.0.0' } }),
    )
    const init = run(['init'], dir)
    expect(init.code).toBe(0)
    expect(init.stderr).toContain('    package.json  (added the tool and its scripts)')
    expect(init.stderr).toMatch(/Next steps:\n  npm install\n  npm run dev /)
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))).toEqual({
      name: 'mine',
      scripts: {
        build: 'custom build',
        dev: 'portfolio dev',
        preview: 'portfolio preview',
        validate: 'portfolio validate',
        doctor: 'portfolio doctor',
      },
      dependencies: { leftpad: '1.0.0' },
      devDependencies: { [tool.name]: `^${tool.version}` },
    })
    // Run again with --force: package.json has everything, so it is not touched.
    const again = run(['init', '--force'], dir)
    expect(again.stderr).not.toContain('package.json')
  })

  it('shows examples in --help', () => {
    const help = run(['init', '--help'])
    expect(help.stdout).toContain('Examples:')
    expect(help.stdout).toContain('portfolio init my-portfolio')
    expect(help.code).toBe(0)
  })
})

describe('the command line around init and dev', () => {
  it('shows examples in the help of the program and of every command', () => {
    const top = run(['--help'])
    expect(top.stdout).toMatch(/init \[options\] \[dir\]/)
    expect(top.stdout).toMatch(/\n  dev \[options\]/)
    for (const command of ['init', 'dev', 'validate', 'generate', 'build', 'doctor', 'preview']) {
      const help = run([command, '--help'])
      expect(help.stdout, command).toContain(`Examples:\n  $ portfolio ${command}`)
      expect(help.code).toBe(0)
    }
    expect(run(['dev', '--help']).stdout).toContain('--port <port>')
  })

  it('prints the version, and suggests the nearest command or option for a typo (exit 2)', () => {
    const version = run(['--version'])
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version,
    )
    expect(version.code).toBe(0)
    const command = run(['ini'])
    expect(command.stderr).toContain("unknown command 'ini'\n(Did you mean init?)")
    expect(command.code).toBe(2)
    const option = run(['dev', '--prot', '3000'])
    expect(option.stderr).toContain("unknown option '--prot'\n(Did you mean --port?)")
    expect(option.code).toBe(2)
  })
})

describe('workflows build warm', () => {
  interface Step {
    uses?: string
    run?: string
    with?: Record<string, string>
  }
  const stepsOf = (file: string) =>
    (parse(readFileSync(file, 'utf8')) as { jobs: Record<string, { steps: Step[] }> }).jobs.build?.steps ?? []
  const storeStep = (steps: Step[]) => steps.findIndex((s) => s.uses?.startsWith('actions/cache@'))

  /** The store restored after `npm ci` (which empties node_modules) and before the build, keyed on the lockfile and the content. */
  function expectStoreRestored(steps: Step[], storePath: string) {
    const cache = storeStep(steps)
    expect(cache).toBeGreaterThan(steps.findIndex((s) => s.run?.startsWith('npm ci')))
    expect(cache).toBeLessThan(steps.findIndex((s) => /portfolio build/.test(s.run ?? '')))
    const options = steps[cache]?.with ?? {}
    expect(options.path).toBe(storePath)
    // Every input of the content: a file left out would leave its run on the old key, never saving what it made.
    for (const input of [
      "hashFiles('package-lock.json')",
      "'portfolio.yaml'",
      "'portfolio.*.yaml'",
      "'projects/**'",
      "'posts/**'",
      "'media/**'",
      "'public/**'",
    ])
      expect(options.key).toContain(input)
    // A run whose content changed starts from an earlier store of the same lockfile, then of any.
    const fallbacks = (options['restore-keys'] ?? '').trim().split('\n')
    expect(fallbacks).toHaveLength(2)
    for (const prefix of fallbacks) expect(options.key?.startsWith(prefix)).toBe(true)
  }

  it("init's deploy workflow restores and saves the store where the installed tool keeps it", () => {
    const dir = tempDir('portfolio-init-ci-')
    expect(run(['init', dir]).code).toBe(0)
    // The tool installed as the portfolio's dependency keeps its store in its own folder (cli/paths.ts).
    expectStoreRestored(
      stepsOf(path.join(dir, '.github/workflows/deploy.yml')),
      `node_modules/${tool.name}/node_modules/.cache/portfolio`,
    )
  })

  it("the repository's own deploy workflow restores and saves its store", async () => {
    const { cacheDirectory } = await import('../../cli/paths.ts')
    expectStoreRestored(
      stepsOf(path.join(repo, '.github/workflows/deploy.yml')),
      path.relative(repo, cacheDirectory).split(path.sep).join('/'),
    )
  })
})
