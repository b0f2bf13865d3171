import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeSyntheticContent } from '../../scripts/bench/synthetic-content.ts'
import { VALID_MINIMAL } from '../helpers/fixtures.ts'
import { alphaImagesYaml, gradientImage } from '../helpers/test-images.ts'

const repo = path.resolve(import.meta.dirname, '../..')
const bin = path.join(repo, 'bin/portfolio.mjs')
const temps: string[] = []

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', ...env },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** A copy of the shipped content with one edit applied. */
function contentWith(file: string, edit: (text: string) => string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-cli-'))
  temps.push(root)
  for (const entry of ['portfolio.yaml', 'projects'])
    cpSync(path.join(repo, entry), path.join(root, entry), { recursive: true })
  writeFileSync(path.join(root, file), edit(readFileSync(path.join(root, file), 'utf8')))
  return root
}

afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })))

describe('portfolio validate', () => {
  it('exits 0 and says so when the shipped content is clean', () => {
    const { code, stderr, stdout } = run(['validate'])
    expect(stderr).toContain('✔ 7 files checked, no problems')
    expect(stdout).toBe('')
    expect(code).toBe(0)
  })

  it('exits 1 and names file, line, column and the allowed methods when a method is FETCH', () => {
    const root = contentWith('projects/authstack.yaml', (t) => t.replace('method: POST', 'method: FETCH'))
    const text = readFileSync(path.join(root, 'projects/authstack.yaml'), 'utf8').split('\n')
    const line = text.findIndex((l) => l.includes('method: FETCH')) + 1
    const column = (text[line - 1] ?? '').indexOf('FETCH') + 1
    const { code, stderr } = run(['validate', '--root', root])
    expect(stderr).toContain(`projects/authstack.yaml:${line}:${column}  error  ENDPOINT_METHOD`)
    expect(stderr).toContain('"FETCH" is not an HTTP method (allowed: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)')
    expect(stderr).toMatch(/> +\d+ \| +- method: FETCH\n +\| +\^{5}/)
    expect(stderr).toContain('✖ 1 error, 0 warnings in 1 file')
    expect(code).toBe(1)
  })

  it('prints only a JSON array on stdout with --format json', () => {
    const root = contentWith('projects/authstack.yaml', (t) => t.replace('method: POST', 'method: FETCH'))
    const { code, stdout } = run(['validate', '--root', root, '--format', 'json'])
    const diagnostics = JSON.parse(stdout) as { code: string; file: string }[]
    expect(diagnostics).toHaveLength(1)
    expect(diagnostics[0]).toMatchObject({
      code: 'ENDPOINT_METHOD',
      file: 'projects/authstack.yaml',
      severity: 'error',
    })
    expect(code).toBe(1)
  })

  it('prints the whole of a report longer than a pipe holds before it exits', () => {
    // 100 projects with 5 bad methods each (which also make 6 duplicate endpoints each): ~430 KB of
    // JSON on stdout, where a pipe holds 64 KB.
    const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-cli-'))
    temps.push(root)
    writeSyntheticContent(root, 100)
    for (const file of readdirSync(path.join(root, 'projects'))) {
      const project = path.join(root, 'projects', file)
      writeFileSync(project, readFileSync(project, 'utf8').replace(/method: [A-Z]+/g, 'method: FETCH'))
    }
    const { code, stdout } = run(['validate', '--root', root, '--format', 'json'])
    expect(stdout.length).toBeGreaterThan(128 * 1024)
    const diagnostics = JSON.parse(stdout) as { code: string }[]
    expect(diagnostics.filter((d) => d.code === 'ENDPOINT_METHOD')).toHaveLength(500)
    expect(diagnostics.filter((d) => d.code === 'ENDPOINT_DUPLICATE')).toHaveLength(600)
    expect(diagnostics).toHaveLength(1100)
    expect(code).toBe(1)
  })

  // Changed on purpose (issue 31): workflow commands go to stdout, as GitHub documents; they were on stderr.
  it('prints GitHub annotations on stdout alone with --format github, the summary on stderr', () => {
    const root = contentWith('projects/authstack.yaml', (t) => t.replace('method: POST', 'method: FETCH'))
    const { code, stdout, stderr } = run(['validate', '--root', root, '--format', 'github'])
    const lines = stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^::error file=projects\/authstack\.yaml,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=ENDPOINT_METHOD::sections\[7\]\.endpoints\[0\]\.method "FETCH" is not an HTTP method/,
    )
    expect(stderr).toContain('✖ 1 error, 0 warnings in 1 file')
    expect(stderr).not.toContain('::error')
    expect(code).toBe(1)
  })

  it('prints a SARIF 2.1.0 log on stdout alone with --format sarif, and an empty one when the content is clean', () => {
    const root = contentWith('projects/authstack.yaml', (t) => t.replace('method: POST', 'method: FETCH'))
    const bad = run(['validate', '--root', root, '--format', 'sarif'])
    const log = JSON.parse(bad.stdout) as {
      version: string
      runs: {
        tool: { driver: { rules: { id: string }[] } }
        results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]
      }[]
    }
    expect(log.version).toBe('2.1.0')
    expect(log.runs[0]?.tool.driver.rules.map((r) => r.id)).toEqual(['ENDPOINT_METHOD'])
    expect(log.runs[0]?.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.artifactLocation.uri])).toEqual([
      ['ENDPOINT_METHOD', 'projects/authstack.yaml'],
    ])
    expect(bad.code).toBe(1)
    const clean = run(['validate', '--format', 'sarif'])
    expect((JSON.parse(clean.stdout) as { runs: { results: unknown[] }[] }).runs[0]?.results).toEqual([])
    expect(clean.stderr).toContain('✔ 7 files checked, no problems')
    expect(clean.code).toBe(0)
  })

  it('annotates pull requests on GitHub Actions even in the default format', () => {
    const root = contentWith('projects/authstack.yaml', (t) => t.replace('method: POST', 'method: FETCH'))
    const { stdout } = run(['validate', '--root', root], { GITHUB_ACTIONS: 'true' })
    expect(stdout).toMatch(/^::error file=projects\/authstack\.yaml,/m)
  })

  it('exits 2 when there is no portfolio.yaml', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'portfolio-empty-'))
    temps.push(empty)
    const { code, stderr } = run(['validate', '--root', empty])
    expect(stderr).toContain('portfolio: no portfolio.yaml found in')
    expect(code).toBe(2)
  })

  it('exits 2 on an unknown format and suggests the nearest command for a typo', () => {
    expect(run(['validate', '--format', 'xml']).code).toBe(2)
    const typo = run(['valdate'])
    expect(typo.stderr).toContain('Did you mean validate?')
    expect(typo.code).toBe(2)
  })

  it('prints its version and help with exit 0', () => {
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
    const help = run(['validate', '--help'])
    expect(help.stdout).toContain('--format <format>')
    expect(help.code).toBe(0)
  })
})

describe('a cover PNG cut to 60% of its bytes (issue 48)', () => {
  it('is an error at its src from validate and from build, exit 1, and build writes nothing', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-cli-'))
    temps.push(root)
    cpSync(VALID_MINIMAL, root, { recursive: true })
    const png = await gradientImage(1200, 630)
    mkdirSync(path.join(root, 'media', 'alpha'), { recursive: true })
    writeFileSync(path.join(root, 'media', 'alpha', 'cover.png'), png.subarray(0, Math.round(png.length * 0.6)))
    const project = path.join(root, 'projects', 'alpha.yaml')
    const text = readFileSync(project, 'utf8')
    writeFileSync(project, text.replace('sections:\n', `${alphaImagesYaml('media/alpha/cover.png')}sections:\n`))
    const out = path.join(root, 'dist')
    for (const args of [
      ['validate', '--root', root],
      ['build', '--root', root, '--out', out],
    ]) {
      const { code, stderr } = run(args)
      expect(stderr).toContain(
        'projects/alpha.yaml:22:8  error  MEDIA_DAMAGED  media/alpha/cover.png is damaged or cut short: it cannot be decoded as a PNG image (libpng read error)',
      )
      expect(stderr).not.toContain('internal error')
      expect(code).toBe(1)
    }
    expect(existsSync(out)).toBe(false)
  })
})

describe('portfolio generate', () => {
  it('writes nothing and exits 1 when the content is invalid', () => {
    const root = contentWith('portfolio.yaml', (t) => t.replace(/^footer:/m, 'fotter:'))
    const { code, stderr } = run(['generate', '--root', root])
    expect(stderr).toContain('SCHEMA_UNKNOWN_KEY')
    expect(stderr).toContain('— nothing was written.')
    expect(code).toBe(1)
  })
})
