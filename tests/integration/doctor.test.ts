import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
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

const codes = async (root: string, options: { base?: string; env?: NodeJS.ProcessEnv } = {}) =>
  (await runDoctor({ root, env: options.env ?? env, ...(options.base ? { base: options.base } : {}) })).diagnostics

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
    expect(stderr).toContain('✔ 7 checks passed, no problems')
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
