// Why this exists: compiling the CLI's TypeScript on every start (tsx) costs ~0.25 s, more than half
// of `portfolio validate` on a real portfolio. Instead the CLI is bundled once with esbuild into
// node_modules/.cache/portfolio/cli/ and re-bundled only when one of its source files changes, so
// there is still no build step to forget.
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const repo = fileURLToPath(new URL('../', import.meta.url))
const cacheRoot = path.join(repo, 'node_modules/.cache/portfolio/cli')
const MANIFEST = 'manifest.json'
/** Bumped when the bundling below changes, so an old bundle is never reused. */
const FORMAT = 1

/** Entry points: the CLI and every worker script (each worker runs a file of its own). */
async function entryPoints() {
  const { readdir } = await import('node:fs/promises')
  const workers = (await readdir(path.join(repo, 'cli/pipeline'))).filter((f) => f.endsWith('-worker.ts')).map((f) => path.join(repo, 'cli/pipeline', f))
  return [path.join(repo, 'cli/bin.ts'), ...workers]
}

/** True when every source file the bundle was made from is unchanged (same size and mtime). */
async function isFresh(manifest) {
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.inputs) || manifest.node !== process.version) return false
  const current = await entryPoints()
  if (current.length !== manifest.entries?.length || current.some((e, i) => e !== manifest.entries[i])) return false
  const checks = await Promise.all(manifest.inputs.map(async ([file, size, mtimeMs]) => {
    const info = await stat(path.join(repo, file)).catch(() => undefined)
    return info !== undefined && info.size === size && info.mtimeMs === mtimeMs
  }))
  return checks.every(Boolean)
}

/**
 * Bundles cli/ (with the site modules it imports) into `directory`. Packages stay external and are
 * loaded from node_modules as usual. Each source file keeps its own import.meta.url, so paths the
 * code resolves relative to itself (schemas, fonts, the site folder) still point into the repo;
 * worker-script.ts is the one exception, it must see where the bundle lives.
 */
async function bundle(directory) {
  const { build } = await import('esbuild')
  const entries = await entryPoints()
  const result = await build({
    entryPoints: entries,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: directory,
    entryNames: '[name]',
    metafile: true,
    logLevel: 'silent',
    plugins: [{
      name: 'keep-source-locations',
      setup(builder) {
        builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
          let contents = await readFile(args.path, 'utf8')
          if (!args.path.endsWith(`${path.sep}worker-script.ts`)) {
            contents = contents
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
              .replaceAll('import.meta.filename', JSON.stringify(args.path))
          }
          return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' }
        })
      },
    }],
  })
  const inputs = await Promise.all(Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules')).map(async (file) => {
    const info = await stat(path.join(repo, file))
    return [file, info.size, info.mtimeMs]
  }))
  await writeFile(path.join(directory, MANIFEST), JSON.stringify({ format: FORMAT, node: process.version, entries: entries, inputs }))
}

/**
 * The URL of an up-to-date compiled CLI, bundling it first when a source changed; undefined when it
 * cannot be bundled here (read-only folder, esbuild missing), and the caller falls back to tsx.
 * A bundle folder is never changed once written and `current.json` names the one in use, replaced
 * atomically, so processes starting side by side (a test run) never see half a bundle.
 */
export async function compiledCli() {
  const pointer = path.join(cacheRoot, 'current.json')
  const folder = await readFile(pointer, 'utf8').then((text) => path.join(cacheRoot, String(JSON.parse(text).folder)), () => undefined)
  const manifest = folder && (await readFile(path.join(folder, MANIFEST), 'utf8').then(JSON.parse, () => undefined))
  if (folder && (await isFresh(manifest))) return pathToFileURL(path.join(folder, 'bin.js')).href
  try {
    await mkdir(cacheRoot, { recursive: true })
    const name = `bundle-${process.pid}-${Date.now()}`
    await bundle(path.join(cacheRoot, name))
    const temporary = `${pointer}.${process.pid}`
    await writeFile(temporary, JSON.stringify({ folder: name }))
    await rename(temporary, pointer)
    await removeOldBundles(name)
    return pathToFileURL(path.join(cacheRoot, name, 'bin.js')).href
  } catch {
    return undefined
  }
}

/** Bundles replaced more than an hour ago: no process still starting can be reading them. */
async function removeOldBundles(keep) {
  const { readdir } = await import('node:fs/promises')
  const hourAgo = Date.now() - 3_600_000
  for (const entry of await readdir(cacheRoot)) {
    if (!entry.startsWith('bundle-') || entry === keep) continue
    const info = await stat(path.join(cacheRoot, entry)).catch(() => undefined)
    if (info && info.mtimeMs < hourAgo) await rm(path.join(cacheRoot, entry), { recursive: true, force: true })
  }
}
