import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** `portfolio dev` as a process, on a copy of the shipped content: what an edit makes it do again. */
const repo = path.resolve(import.meta.dirname, '../..')
const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-dev-edit-'))
let server: ChildProcess
let url = ''
let log = ''

/** Resolves with the first match of `pattern` in the server's output after `from`. */
async function terminal(pattern: RegExp, from: number, timeout = 50_000): Promise<string> {
  const started = Date.now()
  for (;;) {
    const match = pattern.exec(log.slice(from))
    if (match) return match[0]
    if (Date.now() - started > timeout) throw new Error(`no ${pattern} in the dev server output:\n${log.slice(from)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

beforeAll(async () => {
  for (const entry of ['portfolio.yaml', 'projects'])
    cpSync(path.join(repo, entry), path.join(root, entry), { recursive: true })
  server = spawn(process.execPath, [path.join(repo, 'bin/portfolio.mjs'), 'dev', '--root', root, '--port', '0'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
  })
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  url = await terminal(/http:\/\/127\.0\.0\.1:\d+\//, 0, 60_000)
  await terminal(/content is valid \(7 files\)/, 0, 60_000)
}, 90_000)

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  rmSync(root, { recursive: true, force: true })
})

describe('portfolio dev after an edit', () => {
  it('checks and compiles again only the project file that changed, and serves the change', async () => {
    const file = path.join(root, 'projects/authstack.yaml')
    const title = `AuthStack ${process.pid}`
    const from = log.length
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: AuthStack$/m, `title: ${title}`))
    await terminal(/✔ projects\/authstack\.yaml: content is valid \(1 of 6 project files checked again\)/, from)
    expect(await (await fetch(`${url}projects/authstack`)).text()).toContain(`>${title}</h1>`)
    const other = (await (await fetch(`${url}data/projects/logic-i.json`)).json()) as { title: string }
    expect(other.title).toBe('logic-i')
  }, 60_000)

  it('checks no project file again when only portfolio.yaml changed', async () => {
    const from = log.length
    appendFileSync(path.join(root, 'portfolio.yaml'), '\n# an edit\n')
    await terminal(/✔ portfolio\.yaml: content is valid \(0 of 6 project files checked again\)/, from)
  }, 60_000)
})
