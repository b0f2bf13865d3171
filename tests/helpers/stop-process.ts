import type { ChildProcess } from 'node:child_process'

/** Ends a child the tests started (a dev server) with SIGTERM and waits for it to exit; nothing if it already has. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
