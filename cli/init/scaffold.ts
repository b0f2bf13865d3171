import { lstat, mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CliError } from '../errors.ts'
import { listFiles } from '../list-files.ts'
import { packageDirectory, readToolManifest, templateDirectory } from '../paths.ts'
import { contentManifest } from './content-manifest.ts'
import { exampleImages } from './example-images.ts'

export { packageDirectory }

export interface ScaffoldFile {
  /** Relative to the target folder, posix separators. */
  path: string
  contents: Buffer
  /** An existing file this adds to (package.json), never a conflict. */
  updates?: boolean
}

export interface ScaffoldPlan {
  /** Absolute target folder. */
  dir: string
  files: ScaffoldFile[]
  /**
   * - `repository`: a content repository of its own: the content, a package.json depending on the
   *   tool, the two workflows and a .gitignore; schema modelines point into its node_modules.
   * - `fork`: a folder inside the tool's own folder (this repository): the content only, built with
   *   --root; modelines point at the tool's schema/ folder.
   */
  kind: 'repository' | 'fork'
}

const MODELINE = /^# yaml-language-server: \$schema=(\S+)$/m
/** npm leaves .gitignore files out of packages, so the template keeps it under another name. */
const RENAMED: Record<string, string> = { _gitignore: '.gitignore' }
/** What only a content repository gets (a fork has its own). */
const REPOSITORY_ONLY = (rel: string) => rel.startsWith('.github/') || rel === '_gitignore'

/** Reads the template files for `targetDir` and points their schema modelines where they resolve from there. */
export async function planScaffold(targetDir: string): Promise<ScaffoldPlan> {
  const dir = path.resolve(targetDir)
  const realDir = await realpathOfNearest(dir)
  const realPackage = await realpath(packageDirectory)
  const kind = isInside(realDir, realPackage) ? 'fork' : 'repository'
  const tool = readToolManifest()

  const files: ScaffoldFile[] = []
  for (const rel of templateFiles()) {
    if (kind === 'fork' && REPOSITORY_ONLY(rel)) continue
    let contents = await readFile(path.join(templateDirectory, rel))
    const schemaFile = rel.endsWith('.yaml') ? MODELINE.exec(contents.toString('utf8'))?.[1] : undefined
    if (schemaFile) {
      const name = path.basename(schemaFile)
      const link =
        kind === 'fork'
          ? toPosix(path.relative(path.join(realDir, path.dirname(rel)), path.join(realPackage, 'schema', name)))
          : path.posix.relative(path.posix.dirname(rel), `node_modules/${tool.name}/schema/${name}`)
      contents = Buffer.from(
        contents
          .toString('utf8')
          .replace(MODELINE, () => `# yaml-language-server: $schema=${link.startsWith('.') ? link : `./${link}`}`),
      )
    }
    files.push({ path: RENAMED[rel] ?? rel, contents })
  }
  // The example project's cover and screenshot (its YAML names them), drawn now rather than shipped.
  files.push(...(await exampleImages()))
  if (kind === 'repository') {
    const existing = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => undefined)
    const manifest = contentManifest(existing, path.basename(dir), tool)
    if (manifest !== undefined)
      files.push({
        path: 'package.json',
        contents: Buffer.from(manifest),
        ...(existing !== undefined ? { updates: true } : {}),
      })
  }
  return { dir, files, kind }
}

/** The planned files that already exist (anything at the path: file, folder or link), but those the plan only adds to. */
export async function existingFiles(plan: ScaffoldPlan): Promise<string[]> {
  const found: string[] = []
  for (const file of plan.files)
    if (!file.updates && (await lstat(path.join(plan.dir, file.path)).catch(() => undefined))) found.push(file.path)
  return found
}

/** Project files already in the folder that the new portfolio.yaml does not list (they would fail validation). */
export async function unlistedProjects(plan: ScaffoldPlan): Promise<string[]> {
  const planned = new Set(plan.files.map((f) => f.path))
  const names = await readdir(path.join(plan.dir, 'projects')).catch(() => [] as string[])
  return names
    .filter((n) => /\.ya?ml$/.test(n) && !planned.has(`projects/${n}`))
    .sort()
    .map((n) => `projects/${n}`)
}

/** Writes every planned file, creating folders; overwrites what is there (the caller asked first). */
export async function writeScaffold(plan: ScaffoldPlan): Promise<void> {
  for (const file of plan.files) {
    const target = path.join(plan.dir, file.path)
    try {
      await mkdir(path.dirname(target), { recursive: true })
      await writeFile(target, file.contents)
    } catch (error) {
      throw new CliError(
        `cannot write ${target}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
        'Check that the folder is writable, or choose another one.',
        { cause: error },
      )
    }
  }
}

/** The template's files, portfolio.yaml first, then the rest in path order: the order people read the list in. */
function templateFiles(): string[] {
  return listFiles(templateDirectory).sort(
    (a, b) => Number(b === 'portfolio.yaml') - Number(a === 'portfolio.yaml') || a.localeCompare(b),
  )
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
