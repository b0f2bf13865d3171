import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { recommendedNode } from '../../cli/doctor/end-of-life.ts'
import { runDoctor } from '../../cli/doctor/run-doctor.ts'
import { findRepository } from '../../cli/doctor/repository.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const repo = path.resolve(import.meta.dirname, '../..')
const bin = path.join(repo, 'bin/portfolio.mjs')
const tool = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string }
const tempDir = tempDirsPerTest('portfolio-doctor-')
const env = { GITHUB_REPOSITORY: 'ada/my-site' }

/** The deploy workflow of the repository: its base is computed from the repository's name. */
const deployWorkflow = readFileSync(path.join(repo, '.github/workflows/deploy.yml'), 'utf8')

/** A content folder with these files (relative path -> text); by default one that doctor finds nothing wrong with. */
function project(files: Record<string, string | undefined> = {}): string {
  const root = tempDir()
  const all: Record<string, string | undefined> = {
    'portfolio.yaml': '# yaml-language-server: $schema=./schema/portfolio.schema.json\nsite: {}\n',
    'schema/portfolio.schema.json': '{}\n',
    '.github/workflows/deploy.yml': deployWorkflow,
    ...files,
  }
  for (const [file, text] of Object.entries(all)) {
    if (text === undefined) continue
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

/** The day the end-of-life tables are read at: after Node 20's end (2026-04-30) and GitHub's removal of node20 actions (2026-09-16). */
const today = new Date('2026-11-29T12:00:00Z')
const codes = async (root: string, options: { base?: string; env?: NodeJS.ProcessEnv; today?: Date } = {}) =>
  (
    await runDoctor({
      root,
      env: options.env ?? env,
      today: options.today ?? today,
      ...(options.base ? { base: options.base } : {}),
    })
  ).diagnostics

/** A workflow beside the Pages one, with an action major on node20 (line 7) and an end-of-life Node (line 10). */
const ciWorkflow = `name: CI
on: pull_request
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v7
        with:
          node-version: 20
      - run: npm test
`

function run(args: string[], extraEnv: Record<string, string> = env) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', GITHUB_REPOSITORY: '', ...extraEnv },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('portfolio doctor', () => {
  it('finds nothing wrong with a project site whose workflow computes the base from the repository name (exit 0)', async () => {
    const root = project()
    expect(await codes(root, { base: '/my-site/' })).toEqual([])
    const { code, stdout, stderr } = run(['doctor', '--root', root, '--base', '/my-site/'])
    expect(stderr).toContain('✔ 8 checks passed, no problems')
    expect(stdout).toBe('')
    expect(code).toBe(0)
  })

  it('reports a --base that GitHub Pages does not serve the repository under (exit 1)', async () => {
    const root = project()
    expect(await codes(root, { base: '/other/' })).toEqual([
      {
        code: 'DOCTOR_BASE',
        severity: 'error',
        file: '',
        pointer: '',
        line: 1,
        column: 1,
        message:
          '--base /other/ does not match ada/my-site (from GITHUB_REPOSITORY), which GitHub Pages serves under /my-site/',
        hint: 'Build with --base /my-site/; a custom domain or an <owner>.github.io repository is served at /.',
      },
    ])
    expect(await codes(root, { base: '/', env: { GITHUB_REPOSITORY: 'ada/Ada.github.io' } })).toEqual([])
    expect(run(['doctor', '--root', root, '--base', '/other/']).code).toBe(1)
  })

  it('reads the repository name from the origin remote when GITHUB_REPOSITORY is not set', async () => {
    const root = project()
    execFileSync('git', ['init', '-q'], { cwd: root })
    execFileSync('git', ['remote', 'add', 'origin', 'git@github.com:ada/folio.git'], { cwd: root })
    const [finding] = await codes(root, { base: '/my-site/', env: {} })
    expect(finding?.message).toBe(
      '--base /my-site/ does not match ada/folio (from the origin remote), which GitHub Pages serves under /folio/',
    )
    for (const url of ['https://github.com/ada/folio.git', 'ssh://git@example.com/ada/folio/']) {
      execFileSync('git', ['remote', 'set-url', 'origin', url], { cwd: root })
      expect(findRepository(root, {})).toEqual({ owner: 'ada', name: 'folio', source: 'the origin remote' })
    }
  })

  it('warns (exit 0) when the repository is unknown or no workflow deploys to Pages', async () => {
    const root = project({ '.github/workflows/deploy.yml': undefined })
    const found = await codes(root, { env: {} })
    expect(found.map((d) => [d.code, d.severity, d.message])).toEqual([
      [
        'DOCTOR_PAGES_WORKFLOW',
        'warning',
        'no workflow in .github/workflows/ deploys to GitHub Pages (none uses actions/deploy-pages)',
      ],
      [
        'DOCTOR_REPOSITORY',
        'warning',
        'cannot tell the repository\'s name (GITHUB_REPOSITORY is not set and there is no "origin" remote), so the base path is not checked',
      ],
    ])
    expect(run(['doctor', '--root', root], {}).code).toBe(0)
  })

  it('locates a literal --base in the Pages workflow that does not match the repository', async () => {
    const workflow = deployWorkflow.replace(
      'npx portfolio build --base "$base" --out dist',
      'npx portfolio build --base /old-name --out dist',
    )
    const lines = workflow.split('\n')
    const line = lines.findIndex((l) => l.includes('--base /old-name')) + 1
    const column = (lines[line - 1] ?? '').indexOf('--base /old-name') + 1
    expect(await codes(project({ '.github/workflows/deploy.yml': workflow }))).toEqual([
      {
        code: 'DOCTOR_WORKFLOW_BASE',
        severity: 'error',
        file: '.github/workflows/deploy.yml',
        pointer: '',
        line,
        column,
        end: { line, column: column + '--base /old-name'.length },
        message: 'the Pages build uses --base /old-name, but GitHub Pages serves this repository under /my-site/',
        hint: "Use --base /my-site/, or compute it from the repository's name as portfolio init's deploy.yml does.",
      },
    ])
  })

  it('reports a Pages workflow that builds without --base, or does not build at all', async () => {
    const withoutBase = deployWorkflow.replace(
      'npx portfolio build --base "$base" --out dist',
      'npx portfolio build --out dist',
    )
    const [noBase] = await codes(project({ '.github/workflows/deploy.yml': withoutBase }))
    expect(noBase).toMatchObject({
      code: 'DOCTOR_WORKFLOW_BASE',
      file: '.github/workflows/deploy.yml',
      message:
        'the Pages build runs without --base, so the site expects to be served at /, but GitHub Pages serves this repository under /my-site/',
    })
    const withoutBuild = deployWorkflow.replace('npx portfolio build --base "$base" --out dist', 'echo nothing')
    const [noBuild] = await codes(project({ '.github/workflows/deploy.yml': withoutBuild }))
    expect(noBuild).toMatchObject({
      code: 'DOCTOR_WORKFLOW_BUILD',
      severity: 'error',
      file: '.github/workflows/deploy.yml',
      line: 1,
      column: 1,
    })
  })

  it('finds nothing wrong with the workflows of this repository and those portfolio init writes', async () => {
    const workflow = (file: string) => readFileSync(path.join(repo, file), 'utf8')
    const root = project({
      '.github/workflows/validate.yml': workflow('.github/workflows/validate.yml'),
      '.github/workflows/init-deploy.yml': workflow('templates/default/.github/workflows/deploy.yml'),
      '.github/workflows/init-validate.yml': workflow('templates/default/.github/workflows/validate.yml'),
    })
    expect(await codes(root, { base: '/my-site/' })).toEqual([])
    // The Node the warnings tell people to write is the one init's workflows use.
    for (const file of ['deploy.yml', 'validate.yml'])
      expect(workflow(`templates/default/.github/workflows/${file}`)).toContain(`node-version: ${recommendedNode}\n`)
  })

  it('warns at file:line:col about a workflow on an end-of-life Node and an action major on a removed runtime, naming what to write', async () => {
    const root = project({ '.github/workflows/ci.yml': ciWorkflow })
    expect(await codes(root)).toEqual([
      {
        code: 'DOCTOR_WORKFLOW_ACTION',
        severity: 'warning',
        file: '.github/workflows/ci.yml',
        pointer: '',
        line: 7,
        column: 15,
        end: { line: 7, column: 34 },
        message:
          'actions/checkout@v4 runs on node20, which GitHub Actions no longer runs (node24 or newer since 2026-09-16)',
        hint: 'Write actions/checkout@v7, its current major (on node24).',
      },
      {
        code: 'DOCTOR_WORKFLOW_NODE',
        severity: 'warning',
        file: '.github/workflows/ci.yml',
        pointer: '',
        line: 10,
        column: 25,
        end: { line: 10, column: 27 },
        message: 'node-version 20 runs Node 20, which reached its end of life on 2026-04-30',
        hint: "Write node-version: 24, the LTS portfolio init's workflows use.",
      },
    ])
    // Warnings: the deployment still works today, so doctor exits 0; the github format annotates the lines.
    const github = spawnSync(process.execPath, [bin, 'doctor', '--root', root, '--format', 'github'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', GITHUB_REPOSITORY: 'ada/my-site' },
    })
    expect(github.stdout).toContain(
      '::warning file=.github/workflows/ci.yml,line=10,col=25,endLine=10,endColumn=27,title=DOCTOR_WORKFLOW_NODE::',
    )
    expect(github.status).toBe(0)
  })

  it('judges by the day: before their end dates the same Node and action major pass', async () => {
    const root = project({ '.github/workflows/ci.yml': ciWorkflow })
    expect((await codes(root, { today: new Date('2026-09-15T12:00:00Z') })).map((d) => d.code)).toEqual([
      'DOCTOR_WORKFLOW_NODE',
    ])
    expect(await codes(root, { today: new Date('2026-04-29T12:00:00Z') })).toEqual([])
  })

  it('reads every way a workflow names a Node or an action, and leaves alone what it cannot judge offline', async () => {
    const workflow = [
      'on: push',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    container:',
      '      image: node:18.20-bookworm-slim',
      '    strategy:',
      '      matrix:',
      "        node-version: ['>=20', 22, lts/iron, '16.x']",
      '    steps:',
      '      - uses: actions/upload-pages-artifact@v3.0.1',
      '      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683',
      '      - uses: actions/checkout@v8',
      '      - uses: someone/else@v1',
      '      - uses: actions/setup-node@v7',
      '        with:',
      '          node-version: ${{ matrix.node-version }}',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    container: node:lts',
      '    steps:',
      '      - uses: actions/setup-node@v7',
      '        with:',
      "          node-version: 'v24.11'",
      '',
    ].join('\n')
    const found = await codes(project({ '.github/workflows/test.yml': workflow }))
    expect(found.map((d) => `${d.code}@${d.line}:${d.column} ${d.message} | ${d.hint}`)).toEqual([
      'DOCTOR_WORKFLOW_NODE@6:14 the job container node:18.20-bookworm-slim runs Node 18, which reached its end of life on 2025-04-30 | Write node:24-bookworm-slim.',
      "DOCTOR_WORKFLOW_NODE@9:36 node-version lts/iron runs Node 20, which reached its end of life on 2026-04-30 | Write node-version: 24, the LTS portfolio init's workflows use.",
      "DOCTOR_WORKFLOW_NODE@9:46 node-version 16.x runs Node 16, which reached its end of life on 2023-09-11 | Write node-version: 24, the LTS portfolio init's workflows use.",
      'DOCTOR_WORKFLOW_ACTION@11:15 actions/upload-pages-artifact@v3.0.1 calls actions/upload-artifact@v4, on node20, which GitHub Actions no longer runs (node24 or newer since 2026-09-16) | Write actions/upload-pages-artifact@v5, its current major (on node24).',
    ])
  })

  it('reports a Node version older than the tool needs', async () => {
    const { diagnostics } = await runDoctor({ root: project(), env, nodeVersion: '18.20.0' })
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'DOCTOR_NODE_VERSION',
        `Node 18.20.0 runs the tool, which needs Node ${(JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node}`,
      ],
    ])
  })

  it("locates a version range in the content's package.json that the installed tool does not satisfy", async () => {
    const manifest = `{\n  "name": "my-site",\n  "private": true,\n  "devDependencies": {\n    "${tool.name}": "^99.0.0"\n  }\n}\n`
    expect(await codes(project({ 'package.json': manifest }))).toEqual([
      {
        code: 'DOCTOR_TOOL_VERSION',
        severity: 'error',
        file: 'package.json',
        pointer: '',
        line: 5,
        column: 9 + tool.name.length,
        end: { line: 5, column: 9 + tool.name.length + '"^99.0.0"'.length },
        message: `package.json asks for ${tool.name} ^99.0.0, but the one running is ${tool.version}`,
        hint: 'Run "npm install" to install the version package.json asks for, or change the range.',
      },
    ])
    const matching = manifest.replace('^99.0.0', `^${tool.version}`)
    expect(await codes(project({ 'package.json': matching }))).toEqual([])
    const [missing] = await codes(project({ 'package.json': '{ "name": "my-site" }\n' }))
    expect(missing).toMatchObject({ code: 'DOCTOR_TOOL_DEPENDENCY', severity: 'warning', file: 'package.json' })
  })

  it('locates a schema modeline that names a missing file', async () => {
    const root = project({
      'projects/shop.yaml': `# yaml-language-server: $schema=../node_modules/${tool.name}/schema/project.schema.json\nid: shop\n`,
    })
    const found = await codes(root)
    expect(found).toEqual([
      {
        code: 'DOCTOR_SCHEMA_MISSING',
        severity: 'error',
        file: 'projects/shop.yaml',
        pointer: '',
        line: 1,
        column: 33,
        end: { line: 1, column: 33 + `../node_modules/${tool.name}/schema/project.schema.json`.length },
        message: `the schema "../node_modules/${tool.name}/schema/project.schema.json" does not exist (${path.join(root, 'node_modules', tool.name, 'schema/project.schema.json')}), so editors cannot complete this file`,
        hint: 'Run "npm install": the schemas come with the tool in node_modules.',
      },
    ])
  })

  it('prints the same machine formats as validate, on stdout alone', () => {
    const root = project({ 'portfolio.yaml': '# yaml-language-server: $schema=./missing.json\n' })
    const github = run(['doctor', '--root', root, '--base', '/other/', '--format', 'github'])
    expect(github.stdout.trimEnd().split('\n')).toEqual([
      '::error file=portfolio.yaml,line=1,col=33,endLine=1,endColumn=47,title=DOCTOR_SCHEMA_MISSING::' +
        `the schema "./missing.json" does not exist (${path.join(root, 'missing.json')}), so editors cannot complete this file%0APoint it at node_modules/${tool.name}/schema/ (as portfolio init writes it) and run "npm install".`,
      '::error title=DOCTOR_BASE::--base /other/ does not match ada/my-site (from GITHUB_REPOSITORY), which GitHub Pages serves under /my-site/%0ABuild with --base /my-site/; a custom domain or an <owner>.github.io repository is served at /.',
    ])
    expect(github.stderr).toContain('✖ 2 errors, 0 warnings in 1 file')
    expect(github.code).toBe(1)
    const sarif = JSON.parse(run(['doctor', '--root', root, '--format', 'sarif']).stdout) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[]
    }
    expect(sarif.runs[0]?.tool.driver.rules.map((r) => r.id)).toEqual(['DOCTOR_SCHEMA_MISSING'])
    const json = JSON.parse(run(['doctor', '--root', root, '--format', 'json']).stdout) as { code: string }[]
    expect(json.map((d) => d.code)).toEqual(['DOCTOR_SCHEMA_MISSING'])
  })
})
