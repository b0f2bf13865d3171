import { existsSync } from 'node:fs'
import { lstat, mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CliError } from '../errors.ts'
import { packageDirectory, templateDirectory } from '../paths.ts'

export { packageDirectory }

export interface ScaffoldFile {
  /** Relative to the target folder, posix separators. */
  path: string
  contents: Buffer
}

export interface ScaffoldPlan {
  /** Absolute target folder. */
  dir: string
  files: ScaffoldFile[]
  /**
   * How the `# yaml-language-server: $schema=` lines reach the tool's schemas:
   * - `relative`: the folder is inside the tool's own folder (a fork of this repository), or the tool
   *   is installed in the folder's node_modules; a relative path works on every machine and in git.
   * - `absolute`: anywhere else (the tool is run from another folder); the path is this machine's copy
   *   of the schemas, which resolves here but not after the folder moves to another machine.
   */
  schemaLinks: 'relative' | 'absolute'
  /** Whether `npx portfolio` finds this tool from inside the folder (same condition as relative links). */
  toolReachable: boolean
}

const MODELINE = /^# yaml-language-server: \$schema=(\S+)$/m

/** Reads the template files and points their schema modelines at this tool's schemas, as seen from `dir`. */
export async function planScaffold(targetDir: string): Promise<ScaffoldPlan> {
  const dir = path.resolve(targetDir)
  const realDir = await realpathOfNearest(dir)
  const realPackage = await realpath(packageDirectory)
  // The folder's own dependency wins over whichever copy of the tool is running (npx runs that one too).
  const installedHere = existsSync(path.join(dir, 'node_modules', 'portfolio-generator', 'schema', 'portfolio.schema.json'))
  const relative = isInside(realDir, realPackage) || installedHere
  const schemaRoot = installedHere ? path.join(dir, 'node_modules', 'portfolio-generator', 'schema') : path.join(realPackage, 'schema')

  const files: ScaffoldFile[] = []
  for (const rel of await listFiles(templateDirectory)) {
    let contents = await readFile(path.join(templateDirectory, rel))
    if (rel.endsWith('.yaml')) {
      const text = contents.toString('utf8')
      const schemaFile = MODELINE.exec(text)?.[1]
      if (schemaFile) {
        const target = path.join(schemaRoot, path.basename(schemaFile))
        const from = path.join(installedHere ? dir : realDir, path.dirname(rel))
        const link = relative ? toPosix(path.relative(from, target)) : toPosix(target)
        contents = Buffer.from(text.replace(MODELINE, () => `# yaml-language-server: $schema=${link.startsWith('.') || path.isAbsolute(link) ? link : `./${link}`}`))
      }
    }
    files.push({ path: rel, contents })
  }
  return { dir, files, schemaLinks: relative ? 'relative' : 'absolute', toolReachable: relative }
}

/** The planned files that already exist (anything at the path: file, folder or link). */
export async function existingFiles(plan: ScaffoldPlan): Promise<string[]> {
  const found: string[] = []
  for (const file of plan.files) if (await lstat(path.join(plan.dir, file.path)).catch(() => undefined)) found.push(file.path)
  return found
}

/** Project files already in the folder that the new portfolio.yaml does not list (they would fail validation). */
export async function unlistedProjects(plan: ScaffoldPlan): Promise<string[]> {
  const planned = new Set(plan.files.map((f) => f.path))
  const names = await readdir(path.join(plan.dir, 'projects')).catch(() => [] as string[])
  return names.filter((n) => /\.ya?ml$/.test(n) && !planned.has(`projects/${n}`)).sort().map((n) => `projects/${n}`)
}

/** Writes every planned file, creating folders; overwrites what is there (the caller asked first). */
export async function writeScaffold(plan: ScaffoldPlan): Promise<void> {
  for (const file of plan.files) {
    const target = path.join(plan.dir, file.path)
    try {
      await mkdir(path.dirname(target), { recursive: true })
      await writeFile(target, file.contents)
    } catch (error) {
      throw new CliError(`cannot write ${target}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, 'Check that the folder is writable, or choose another one.', { cause: error })
    }
  }
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = []
  const entries = (await readdir(path.join(dir, prefix), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)))
    else if (entry.isFile()) out.push(rel)
  }
  // portfolio.yaml first, then the rest in path order: the order people read the list in.
  return prefix ? out : out.sort((a, b) => Number(b === 'portfolio.yaml') - Number(a === 'portfolio.yaml') || a.localeCompare(b))
}

/** realpath of `p`, or of its nearest existing ancestor with the rest appended (for folders not created yet). */
async function realpathOfNearest(p: string): Promise<string> {
  const missing: string[] = []
  let current = p
  for (;;) {
    try {
      return path.join(await realpath(current), ...missing.reverse())
    } catch {
      const parent = path.dirname(current)
      if (parent === current) return p
      missing.push(path.basename(current))
      current = parent
    }
  }
}

const isInside = (child: string, parent: string) => {
  const rel = path.relative(parent, child)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}
const toPosix = (p: string) => p.split(path.sep).join('/')
