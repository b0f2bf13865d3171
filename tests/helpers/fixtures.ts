/**
 * Fixture helper for the validator tests.
 *
 * tests/fixtures/valid-minimal/ is the smallest content that validates clean. Every folder in
 * tests/fixtures/invalid/<case>/ overlays it:
 *   - every file in the case folder replaces (or adds) the file at the same relative path;
 *   - a file named `<name>.delete` removes `<name>` (a folder is removed recursively);
 *   - `make.ts` (default export, see `Make`) then generates what cannot be committed sensibly:
 *     invalid UTF-8, UTF-16, NUL bytes, CRLF, huge files, symlinks, hundreds of files;
 *   - `expected.json` is the exact, complete list of diagnostics as "CODE@file:line:col"
 *     (errors) or "W:CODE@file:line:col" (warnings), in the order checkContent returns them;
 *   - `messages.json` (optional) maps entries of expected.json to substrings that the message
 *     and/or hint of that diagnostic must contain: { "CODE@f:1:1": { "message": [..], "hint": [..] } };
 *     An entry may also carry "bug": "<why>" when the validator does not meet it yet (that message
 *     test is then registered with `it.fails`);
 *   - `bug.md` (optional) marks a case whose expected.json is correct but the validator does not
 *     meet it yet: the exact-list test is registered with `it.fails` and the file explains the bug;
 *   - `bug-positions.md` (optional) does the same for the "every position lies inside its file" test;
 *   - `isolate.md` (optional) runs the case in a child process, because the input can take the
 *     whole process down (the file says why); the child runs checkContent twice, so results that
 *     depend on JIT or stack state show up as a difference between the two runs;
 *   - `build.md` (optional) marks content whose files check clean but whose text an output cannot
 *     print (a font with no glyph for it): checkContent must report nothing, and expected.json is
 *     what `portfolio validate` and the build report (tests/integration/build-cases.test.ts); the
 *     file says which output.
 * None of these control files is copied into the content root.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  mkdirSync,
  symlinkSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { spawn } from 'node:child_process'
import type { Diagnostic } from '../../cli/diagnostics/diagnostic.ts'

export const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures')
export const VALID_MINIMAL = path.join(FIXTURES_DIR, 'valid-minimal')
export const INVALID_DIR = path.join(FIXTURES_DIR, 'invalid')
/** The real content of the repository. */
export const REPO_ROOT = path.resolve(FIXTURES_DIR, '../..')

const CONTROL_FILES = new Set([
  'expected.json',
  'messages.json',
  'bug.md',
  'bug-positions.md',
  'isolate.md',
  'build.md',
  'make.ts',
])

/** What a make.ts recipe receives: the content root and small file helpers relative to it. */
export interface MakeContext {
  root: string
  /** Absolute path of `rel` inside the content root. */
  abs(rel: string): string
  read(rel: string): string
  readBytes(rel: string): Buffer
  /** Writes text (as UTF-8) or bytes, creating folders as needed. */
  write(rel: string, content: string | Uint8Array): void
  /** Replaces the first occurrence of `from` in the UTF-8 file `rel`; throws when it is absent, so recipes cannot rot silently. */
  replace(rel: string, from: string, to: string): void
  /** Replaces the first occurrence of `from` in `rel` with raw bytes (for invalid UTF-8, control characters, BOMs). */
  replaceWithBytes(rel: string, from: string, bytes: readonly number[]): void
  /** Lists the other languages in valid-minimal's portfolio.yaml: `site.languages: [<tags>]`, as written (a case may spell one wrong). */
  listLanguages(tags: string): void
  remove(rel: string): void
  symlink(target: string, rel: string): void
}

export type Make = (context: MakeContext) => void | Promise<void>

export interface FixtureRoot {
  root: string
  cleanup(): void
}

export interface CaseInfo {
  name: string
  dir: string
  expected: string[]
  messages: Record<string, MessageExpectation>
  /** Contents of bug.md, when the case documents a validator bug. */
  bug?: string
  /** Contents of bug-positions.md, when the validator reports positions outside the file. */
  bugPositions?: string
  /** Contents of isolate.md, when the case must run in a child process. */
  isolate?: string
  /** Contents of build.md, when the case's diagnostics come from the build, not from checkContent. */
  build?: string
}

export interface MessageExpectation {
  /** Substrings the message must contain. */
  message?: string[]
  /** Substrings the hint must contain. */
  hint?: string[]
  /** Set when the validator does not meet this yet: why. */
  bug?: string
}

export function makeContext(root: string): MakeContext {
  const abs = (rel: string) => path.join(root, rel)
  const replace = (rel: string, from: string, to: string) => {
    const text = readFileSync(abs(rel), 'utf8')
    const at = text.indexOf(from)
    if (at < 0) throw new Error(`make: ${JSON.stringify(from)} not found in ${rel}`)
    writeFileSync(abs(rel), text.slice(0, at) + to + text.slice(at + from.length))
  }
  return {
    root,
    abs,
    read: (rel) => readFileSync(abs(rel), 'utf8'),
    readBytes: (rel) => readFileSync(abs(rel)),
    write: (rel, content) => {
      mkdirSync(path.dirname(abs(rel)), { recursive: true })
      writeFileSync(abs(rel), content)
    },
    replace,
    listLanguages: (tags) =>
      replace(
        'portfolio.yaml',
        'description: Jane Doe builds web applications.\n',
        `description: Jane Doe builds web applications.\n  languages: [${tags}]\n`,
      ),
    replaceWithBytes: (rel, from, bytes) => {
      const data = readFileSync(abs(rel))
      const needle = Buffer.from(from, 'utf8')
      const at = data.indexOf(needle)
      if (at < 0) throw new Error(`make: ${JSON.stringify(from)} not found in ${rel}`)
      writeFileSync(
        abs(rel),
        Buffer.concat([data.subarray(0, at), Buffer.from(bytes), data.subarray(at + needle.length)]),
      )
    },
    remove: (rel) => rmSync(abs(rel), { recursive: true, force: true }),
    symlink: (target, rel) => {
      mkdirSync(path.dirname(abs(rel)), { recursive: true })
      symlinkSync(target, abs(rel))
    },
  }
}

/** Copies `source` (default valid-minimal) into a fresh temp dir. */
export function copyToTemp(source: string = VALID_MINIMAL, prefix = 'portfolio-fixture-'): FixtureRoot {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix))
  cpSync(source, root, { recursive: true, verbatimSymlinks: true })
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

/** Copies only the content of the real repository (portfolio.yaml, projects/; its resume is generated, so public/ is empty). */
export function copyRepoContent(): FixtureRoot {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-repo-'))
  cpSync(path.join(REPO_ROOT, 'portfolio.yaml'), path.join(root, 'portfolio.yaml'))
  cpSync(path.join(REPO_ROOT, 'projects'), path.join(root, 'projects'), { recursive: true })
  mkdirSync(path.join(root, 'public'))
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

function overlay(caseDir: string, root: string): void {
  const entries = readdirSync(caseDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(caseDir, path.join(e.parentPath, e.name)))
    .filter((rel) => !CONTROL_FILES.has(rel))
  // Deletions first, so "x.yaml.delete" next to "X.YAML" also works on case-insensitive file systems.
  for (const rel of entries.filter((r) => r.endsWith('.delete')))
    rmSync(path.join(root, rel.slice(0, -'.delete'.length)), { recursive: true, force: true })
  for (const rel of entries.filter((r) => !r.endsWith('.delete'))) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
    cpSync(path.join(caseDir, rel), path.join(root, rel))
  }
}

/** valid-minimal + the case overlay + its make.ts, in a temp dir. Call cleanup() when done. */
export async function materializeCase(name: string): Promise<FixtureRoot> {
  const caseDir = path.join(INVALID_DIR, name)
  if (!statSync(caseDir).isDirectory()) throw new Error(`no fixture case ${name}`)
  const fixture = copyToTemp(VALID_MINIMAL, `portfolio-${name}-`)
  try {
    overlay(caseDir, fixture.root)
    const recipe = path.join(caseDir, 'make.ts')
    if (existsSync(recipe)) {
      const module = (await import(pathToFileURL(recipe).href)) as { default: Make }
      await module.default(makeContext(fixture.root))
    }
  } catch (error) {
    fixture.cleanup()
    throw error
  }
  return fixture
}

export function listCases(): CaseInfo[] {
  return readdirSync(INVALID_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = path.join(INVALID_DIR, name)
      const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as string[]
      const messagesFile = path.join(dir, 'messages.json')
      const messages = existsSync(messagesFile)
        ? (JSON.parse(readFileSync(messagesFile, 'utf8')) as CaseInfo['messages'])
        : {}
      const optional = (file: string) =>
        existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), 'utf8').trim() : undefined
      const bug = optional('bug.md')
      const bugPositions = optional('bug-positions.md')
      const isolate = optional('isolate.md')
      const build = optional('build.md')
      return {
        name,
        dir,
        expected,
        messages,
        ...(bug ? { bug } : {}),
        ...(bugPositions ? { bugPositions } : {}),
        ...(isolate ? { isolate } : {}),
        ...(build ? { build } : {}),
      }
    })
}

/** The short form used in expected.json. */
export function brief(d: Pick<Diagnostic, 'code' | 'severity' | 'file' | 'line' | 'column'>): string {
  return `${d.severity === 'warning' ? 'W:' : ''}${d.code}@${d.file}:${d.line}:${d.column}`
}

/**
 * Line and column bounds of a text as checkContent's positions see it: lines split on \n (a \r
 * belongs to the line it ends), columns 1..length+1 (one past the end is the end-of-line position).
 */
export function lineLengths(text: string): number[] {
  return text.split('\n').map((l) => l.length)
}

/** Why `d` does not lie inside `text`, or undefined when it does. */
export function outOfBounds(d: Pick<Diagnostic, 'line' | 'column' | 'end'>, text: string): string | undefined {
  const lengths = lineLengths(text)
  const inside = (line: number, column: number) =>
    Number.isInteger(line) &&
    Number.isInteger(column) &&
    line >= 1 &&
    line <= lengths.length &&
    column >= 1 &&
    column <= (lengths[line - 1] ?? 0) + 1
  const describe = (line: number, column: number) =>
    line < 1 || line > lengths.length
      ? `line ${line} does not exist (${lengths.length} lines)`
      : `column ${column} is outside line ${line} (${lengths[line - 1] ?? 0} characters)`
  if (!inside(d.line, d.column)) return `start ${d.line}:${d.column}: ${describe(d.line, d.column)}`
  if (d.end) {
    if (!inside(d.end.line, d.end.column))
      return `end ${d.end.line}:${d.end.column}: ${describe(d.end.line, d.end.column)}`
    if (d.end.line < d.line || (d.end.line === d.line && d.end.column < d.column))
      return `end ${d.end.line}:${d.end.column} is before start ${d.line}:${d.column}`
  }
  return undefined
}

export interface IsolatedRun {
  /** Exit status of the child; null when it was killed (signal, timeout). */
  status: number | null
  signal: NodeJS.Signals | null
  /** One result per run: the diagnostics, or the error checkContent threw. */
  runs: ({ diagnostics: Diagnostic[]; hasContent: boolean } | { threw: string })[]
  stderr: string
}

/**
 * Runs checkContent on each root in turn, in a fresh Node process (with the tsx loader), so an
 * input that exhausts the stack or the heap cannot take the test worker down with it.
 */
export function checkInChildProcess(roots: readonly string[], timeoutMs = 20_000): Promise<IsolatedRun> {
  const checkModule = pathToFileURL(path.join(REPO_ROOT, 'cli/content/check-content.ts')).href
  const script = `
    const { checkContent } = await import(${JSON.stringify(checkModule)})
    const runs = []
    for (const root of ${JSON.stringify(roots)}) {
      try {
        const r = await checkContent(root)
        runs.push({ diagnostics: r.diagnostics, hasContent: r.content !== undefined })
      } catch (error) {
        runs.push({ threw: String(error && error.stack || error) })
      }
      process.stdout.write(JSON.stringify(runs) + '\\n')
    }
  `
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      timeout: timeoutMs,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('close', (status, signal) => {
      const lines = stdout.trim().split('\n').filter(Boolean)
      const last = lines[lines.length - 1]
      resolve({
        status,
        signal,
        runs: last ? (JSON.parse(last) as IsolatedRun['runs']) : [],
        stderr: stderr.slice(0, 4000),
      })
    })
  })
}
