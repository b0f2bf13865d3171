import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateContent, writeContent } from './content.ts'
import { median } from './measure.ts'

/**
 * `tsx scripts/bench/dev.ts [--sizes 6,1000] [--rounds 3] [--edits 5] [--tool DIR ...] [--cpu-prof DIR]`: `portfolio dev`
 * as a user runs it: the time until it prints its URL and until it serves the first page with
 * content, then the time from writing a project file until the server-rendered page shows the edit
 * (polled). Several --tool folders (checkouts with lib/ built) run in turn, round by round, so they
 * are compared on the same load. The store is warm (a first session runs before the timed ones).
 */
const repo = path.resolve(import.meta.dirname, '../..')
const args = process.argv.slice(2)
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback)
const sizes = option('--sizes', '6,1000').split(',').map(Number)
const rounds = Number(option('--rounds', '3'))
const edits = Number(option('--edits', '5'))
/** A folder to write a V8 CPU profile of each dev session into (node --cpu-prof). */
const profileDir = args.includes('--cpu-prof') ? path.resolve(option('--cpu-prof', '')) : undefined
const tools = args.flatMap((a, i) => (a === '--tool' ? [path.resolve(args[i + 1]!)] : []))
if (tools.length === 0) tools.push(repo)
const log = (text: string) => process.stderr.write(text)

interface Session {
  urlMs: number
  pageMs: number
  /** CPU time (user + system) of the dev process until its first page: less moved by the machine's load than wall time. */
  pageCpuMs: number
  editMs: number[]
}

/** CPU time (user + system) a process has used so far, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** Starts `portfolio dev`, times its start, makes `edits` edits to one project, then stops it. */
async function session(tool: string, root: string, id: string, tag: string): Promise<Session> {
  const started = performance.now()
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
  const cli = [path.join(tool, 'bin/portfolio.mjs'), 'dev', '--root', root, '--port', '0']
  const child = spawn(process.execPath, [...profile, ...cli], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    const url = await printedUrl(child)
    const urlMs = performance.now() - started
    await until(url, (status, body) => status === 200 && /<main[^>]*>\s*<[^/]/.test(body))
    const pageMs = performance.now() - started
    const pageCpuMs = cpuMsOf(child.pid!)
    const file = path.join(root, 'projects', `${id}.yaml`)
    const original = readFileSync(file, 'utf8')
    const editMs: number[] = []
    try {
      for (let k = 1; k <= edits; k++) {
        const title = `Edited ${tag} ${k}`
        const text = original.replace(/^title: .*$/m, `title: ${title}`)
        const written = performance.now()
        writeFileSync(file, text)
        await until(`${url}projects/${id}`, (status, body) => status === 200 && body.includes(title))
        editMs.push(performance.now() - written)
        await new Promise((resolve) => setTimeout(resolve, 300))
      }
    } finally {
      writeFileSync(file, original)
    }
    return { urlMs, pageMs, pageCpuMs, editMs }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)
      if (match) resolve(match[0])
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`dev exited ${code}:\n${output}`)))
  })
}

/** Polls `url` (one request at a time) until `done` holds; fails after 60 s. */
async function until(url: string, done: (status: number, body: string) => boolean): Promise<void> {
  const deadline = performance.now() + 60_000
  while (performance.now() < deadline) {
    const response = await fetch(url).catch(() => undefined)
    if (response && done(response.status, await response.text())) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`${url} never showed what was awaited`)
}

const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-dev-'))
const load = [os.loadavg()[0]!]
const results = new Map<string, Session[]>()
try {
  for (const n of sizes) {
    const root = path.join(work, `content-${n}`)
    if (n === 6)
      for (const entry of ['portfolio.yaml', 'projects'])
        cpSync(path.join(repo, entry), path.join(root, entry), { recursive: true })
    else writeContent(root, generateContent(n))
    const id = n === 6 ? 'authstack' : 'p-0002'
    for (const tool of tools) {
      log(`${n} projects, ${tool}: warming the store… `)
      await session(tool, root, id, 'warm')
      log('done\n')
    }
    for (let round = 0; round < rounds; round++)
      for (const tool of tools) {
        const run = await session(tool, root, id, `r${round}`)
        log(
          `${n} projects, ${tool}: URL ${run.urlMs.toFixed(0)} ms, page ${run.pageMs.toFixed(0)} ms (${run.pageCpuMs.toFixed(0)} ms CPU), edits ${run.editMs.map((x) => x.toFixed(0)).join(' ')} ms\n`,
        )
        const key = `${n}\t${tool}`
        results.set(key, [...(results.get(key) ?? []), run])
      }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
load.push(os.loadavg()[0]!)

console.log(
  `\n${os.cpus().length} cores, Node ${process.version}; 1-minute load ${load.map((x) => x.toFixed(1)).join(' at the start, ')} at the end. Medians of ${rounds} sessions (${edits} edits each), tools in turn.`,
)
console.log('projects\tURL ms\tfirst page ms\tCPU ms until then\tedit to page ms (median, min-max)\ttool')
for (const [key, runs] of results) {
  const [n, tool] = key.split('\t')
  const all = runs.flatMap((r) => r.editMs)
  console.log(
    `${n}\t${median(runs.map((r) => r.urlMs)).toFixed(0)}\t${median(runs.map((r) => r.pageMs)).toFixed(0)}\t${median(runs.map((r) => r.pageCpuMs)).toFixed(0)}\t${median(all).toFixed(0)} (${Math.min(...all).toFixed(0)}-${Math.max(...all).toFixed(0)})\t${tool}`,
  )
}
