import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** `portfolio dev`, timed from its start: its URL printed, the home page served; then each edit until its page shows it. */
export interface DevTimes {
  urlMs: number
  firstPageMs: number
  /** From writing a project's new title until the server-rendered page of the project has it, per edit. */
  editMs: number[]
}

const POLL_MS = 10
const TIMEOUT_MS = 120_000

export async function measureDev(bin: string, root: string, projectId: string, edits: number): Promise<DevTimes> {
  const started = performance.now()
  const child = spawn(process.execPath, [bin, 'dev', '--root', root, '--port', '0'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let text = ''
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        const match = / at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(text)
        if (match?.[1]) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`portfolio dev exited ${code}:\n${text}`)))
    })
    const urlMs = performance.now() - started
    await until(async () => (await fetch(url)).ok)
    const firstPageMs = performance.now() - started
    const file = path.join(root, 'projects', `${projectId}.yaml`)
    const original = readFileSync(file, 'utf8')
    const page = new URL(`projects/${projectId}/`, url).href
    const editMs: number[] = []
    try {
      for (let edit = 1; edit <= edits; edit++) {
        const title = `Bench edit ${edit}`
        const written = performance.now()
        writeFileSync(file, original.replace(/^title: .*$/m, `title: ${title}`))
        await until(async () => (await (await fetch(page)).text()).includes(`>${title}<`))
        editMs.push(performance.now() - written)
      }
    } finally {
      writeFileSync(file, original)
    }
    return { urlMs, firstPageMs, editMs }
  } finally {
    child.kill('SIGTERM')
  }
}

/** Polls `check` every 10 ms until it is true (a refused connection counts as not yet). */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + TIMEOUT_MS
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  throw new Error(`not done after ${TIMEOUT_MS / 1000} s`)
}
