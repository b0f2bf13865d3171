// Why this exists: compiling the CLI's TypeScript on every start (tsx) costs ~0.25 s, more than half
// of `portfolio validate` on a real portfolio. Instead the CLI is bundled once with esbuild into
// node_modules/.cache/portfolio/cli/ and re-bundled only when one of its source files changes, so
// there is still no build step to forget. The bundle is CommonJS, run with a V8 code cache (see
// runCompiledCli): Node 20 compiles an ES module's code anew on every start.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import vm from 'node:vm'

const repo = fileURLToPath(new URL('../', import.meta.url))
const cacheRoot = path.join(repo, 'node_modules/.cache/portfolio/cli')
const MANIFEST = 'manifest.json'
/** Bumped when the bundling below changes, so an old bundle is never reused. */
const FORMAT = 3

/**
 * Packages bundled into the CLI: the pure-JavaScript ones its commands load (marked is an ES module
 * only, which a CommonJS bundle cannot require). Every other package stays external: native ones
 * (resvg, esbuild), Vite (an ES module, imported on a worker of its own), and those loaded rarely or
 * from code-cached bundles of their own (ajv, json-schema-to-typescript, sanitize-html, highlight.js,
 * beautiful-mermaid). Their package.json files are among the bundle's inputs, so an upgrade rebundles.
 */
const BUNDLED_PACKAGES = ['commander', 'marked', 'js-yaml', 'yaml']

/** Entry points: the CLI and every worker script (each worker runs a file of its own). */
function entryPoints() {
  const workers = readdirSync(path.join(repo, 'cli/workers')).filter((f) => /(^|-)worker\.ts$/.test(f)).map((f) => path.join(repo, 'cli/workers', f))
  return [path.join(repo, 'cli/bin.ts'), ...workers]
}

/**
 * True when every source file the bundle was made from is unchanged (same size and mtime). Checked
 * with synchronous calls: ~90 files, each a few microseconds, where fs/promises sent each through
 * libuv's pool (~4 ms, while every command waits for it).
 */
function isFresh(manifest) {
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.inputs) || manifest.node !== process.version) return false
  const current = entryPoints()
  if (current.length !== manifest.entries?.length || current.some((e, i) => e !== manifest.entries[i])) return false
  return manifest.inputs.every(([file, size, mtimeMs]) => {
    const info = statSync(path.join(repo, file), { throwIfNoEntry: false })
    return info !== undefined && info.size === size && info.mtimeMs === mtimeMs
  })
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Bundles cli/ (with the site modules it imports) into `directory`: one CommonJS file per entry
 * (bin.cjs, <name>-worker.cjs). Packages but BUNDLED_PACKAGES stay external and are loaded from
 * node_modules as usual. Each source file keeps its own import.meta.url, so paths the code resolves
 * relative to itself (schemas, fonts, the site folder) still point into the repo; worker-script.ts
 * is the one exception, it must see where the bundle lives.
 */
async function bundle(directory) {
  const { build } = await import('esbuild')
  const entries = entryPoints()
  const result = await build({
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir: directory,
    entryNames: '[name]',
    outExtension: { '.js': '.cjs' },
    metafile: true,
    logLevel: 'silent',
    plugins: [{
      name: 'bundled-packages-only',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) => {
          const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0]
          return BUNDLED_PACKAGES.includes(name) ? undefined : { path: args.path, external: true }
        })
      },
    }, {
      name: 'keep-source-locations',
      setup(builder) {
        builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
          let contents = await readFile(args.path, 'utf8')
          if (args.path.endsWith(`${path.sep}worker-script.ts`)) {
            contents = contents.replaceAll('import.meta.url', 'require("node:url").pathToFileURL(__filename).href')
          } else {
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
  // ASCII only, read back as a one-byte string (see asciiOnly in cli/compile/code-cached-bundle.ts).
  const cli = path.join(directory, 'bin.cjs')
  await writeFile(cli, (await readFile(cli, 'utf8')).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
  const packageFiles = BUNDLED_PACKAGES.map((name) => path.join('node_modules', name, 'package.json'))
  const sources = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules'))
  const inputs = await Promise.all([...sources, ...packageFiles].map(async (file) => {
    const info = await stat(path.join(repo, file))
    return [file, info.size, info.mtimeMs]
  }))
  await writeFile(path.join(directory, MANIFEST), JSON.stringify({ format: FORMAT, node: process.version, entries: entries, inputs }))
}

/**
 * The path of an up-to-date compiled CLI, bundling it first when a source changed; undefined when it
 * cannot be bundled here (read-only folder, esbuild missing), and the caller falls back to tsx.
 * A bundle folder is never changed once written and `current.json` names the one in use, replaced
 * atomically, so processes starting side by side (a test run) never see half a bundle.
 */
export async function compiledCli() {
  const pointer = path.join(cacheRoot, 'current.json')
  const current = readJson(pointer)
  const folder = current && path.join(cacheRoot, String(current.folder))
  if (folder && isFresh(readJson(path.join(folder, MANIFEST)))) return path.join(folder, 'bin.cjs')
  try {
    await mkdir(cacheRoot, { recursive: true })
    const name = `bundle-${process.pid}-${Date.now()}`
    await bundle(path.join(cacheRoot, name))
    const temporary = `${pointer}.${process.pid}`
    await writeFile(temporary, JSON.stringify({ folder: name }))
    await rename(temporary, pointer)
    await removeOldBundles(name)
    return path.join(cacheRoot, name, 'bin.cjs')
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

/**
 * Runs the compiled CLI (bin.cjs) as Node runs a CommonJS module, with a V8 code cache beside it:
 * the bytecode of every function a run compiled, so later runs parse and compile none of it again
 * (~50 ms of a build's main thread, ~30 ms of `validate`; shipped cold build 0.775 -> 0.715 s, validate
 * 0.17 -> 0.14 s, 12 interleaved runs each). The cache is written when a run ends and there was none
 * to use (or V8 refused it: another Node, other flags), and once more after the first build, which
 * runs most of the code. V8 checks it against the source and its flags, but not its bytes, so it is
 * sealed with its SHA-256 and a damaged one is never handed over.
 */
export function runCompiledCli(file) {
  const cacheFile = `${file}.v8-cache`
  const code = readFileSync(file, 'latin1') // ASCII (see bundle)
  const cached = readCodeCache(cacheFile)
  // __portfolioImport: this module's import(), which code from a code cache cannot use itself (cli/import-module.ts).
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __portfolioImport) {${code}\n})`, { filename: file, ...(cached ? { cachedData: cached.bytes } : {}) })
  const command = process.argv[2] ?? ''
  if (!cached || script.cachedDataRejected || (command === 'build' && cached.command !== 'build')) {
    process.once('exit', () => writeCodeCache(cacheFile, script.createCachedData(), command))
  }
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file), (specifier) => import(specifier))
}

/**
 * The seal (a header line with the SHA-256 of what follows) is cache-entries.ts's sealed files', plus
 * the command that wrote the cache: this module runs before the CLI's TypeScript is compiled, so it
 * cannot import it.
 */
const SEAL = 'portfolio-code-cache 1'

function readCodeCache(file) {
  let bytes
  try {
    bytes = readFileSync(file)
  } catch {
    return undefined
  }
  const newline = bytes.indexOf(0x0a)
  const [seal, version, sha256, command] = bytes.subarray(0, Math.max(newline, 0)).toString('latin1').split(' ')
  const body = bytes.subarray(newline + 1)
  if (newline < 0 || `${seal} ${version}` !== SEAL || sha256 !== createHash('sha256').update(body).digest('hex')) return undefined
  return { bytes: body, command }
}

function writeCodeCache(file, bytes, command) {
  try {
    const temporary = `${file}.${process.pid}`
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${SEAL} ${createHash('sha256').update(bytes).digest('hex')} ${command}\n`, 'latin1'), bytes]))
    renameSync(temporary, file)
  } catch {
    // A read-only install: the next run compiles the CLI again, nothing worse.
  }
}
