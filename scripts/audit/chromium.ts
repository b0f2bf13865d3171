import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'

/** The system Chromium (browser downloads are not available here or on CI). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Flags for every Chromium the audit starts. The host-resolver rule makes every host name except
 * 127.0.0.1 unresolvable, so neither the page nor Chromium itself can reach anything but the local server.
 */
export const CHROMIUM_FLAGS: readonly string[] = Object.freeze([
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
])

/** Chromium driven by Playwright, for the byte and markup measurements. */
export function launchAuditBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_FLAGS] })
}

export interface DebuggableChromium {
  /** The remote-debugging port on 127.0.0.1, for Lighthouse's `port` flag. */
  port: number
  close(): Promise<void>
}

/** Starts Chromium with a throw-away profile and --remote-debugging-port, for Lighthouse to connect to. */
export async function launchDebuggableChromium(timeoutMs = 30_000): Promise<DebuggableChromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'portfolio-audit-chromium-'))
  const child = spawn(
    chromiumPath,
    [
      ...CHROMIUM_FLAGS,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  const close = async () => {
    await stopProcess(child)
    await rm(profile, { recursive: true, force: true })
  }
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = ''
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `Chromium (${chromiumPath}) did not open a debugging port within ${timeoutMs} ms:\n${seen.slice(-2000)}`,
            ),
          ),
        timeoutMs,
      )
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(new Error(`could not start Chromium at ${chromiumPath} (set CHROMIUM_PATH): ${error.message}`))
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`Chromium exited with code ${code} before opening a debugging port:\n${seen.slice(-2000)}`))
      })
      child.stderr?.setEncoding('utf8')
      child.stderr?.on('data', (chunk: string) => {
        seen += chunk
        const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(seen)
        if (match?.[1]) {
          clearTimeout(timer)
          // Keep draining stderr so Chromium never blocks on a full pipe, but stop keeping it.
          child.stderr?.removeAllListeners('data')
          child.stderr?.resume()
          resolve(Number(match[1]))
        }
      })
    })
    child.removeAllListeners('exit')
    return { port, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Ends the Chromium this module started (by its process id): SIGTERM, then SIGKILL after a grace period. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}
