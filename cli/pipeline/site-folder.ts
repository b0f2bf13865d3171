import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'

let buildCount = 0

/**
 * Sibling folders a build works in; same file system as the target, so the swap is a rename. The
 * new site is assembled in `site`, each output written there by its one writer; Vite builds into a
 * folder of its own (`app`: it empties its output folder first), from which the app is placed in.
 */
export function workDirectories(
  outDir: string,
  siteDirectory: string,
): { site: string; app: string; server: string; old: string } {
  return {
    site: `${outDir}.tmp-${process.pid}`,
    app: `${outDir}.tmp-${process.pid}-app`,
    // The server bundle imports React and the router by name, so it must sit where node_modules
    // resolves. A fresh path per build: one process may build twice (and an ES module is cached by URL).
    server: path.join(siteDirectory, '.server-build', `${process.pid}-${++buildCount}`),
    old: `${outDir}.old-${process.pid}`,
  }
}

/**
 * Makes the empty site folder, and copies the content's public/ folder into it (resume PDF, images,
 * any file served as-is) as its first layer: every step after writes its own files over it, so a file
 * the build makes wins over a public file of the same name, as in Vite's own copy of a public folder.
 */
export async function startSiteFolder(site: string, root: string): Promise<void> {
  await rm(site, { recursive: true, force: true })
  await mkdir(site, { recursive: true })
  await cp(path.join(root, 'public'), site, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
}

/**
 * Removes leftovers of builds that were killed half-way (their pid-suffixed siblings). A build killed
 * between the two renames of its swap left the previous site aside, with no site in place: that one
 * is put back first.
 */
export async function removeStaleWorkDirectories(outDir: string): Promise<void> {
  const parent = path.dirname(outDir)
  const prefix = path.basename(outDir)
  const entries = await readdir(parent).catch(() => [] as string[])
  const aside = entries.find((e) => e.startsWith(`${prefix}.old-`))
  const restored =
    aside && !entries.includes(prefix)
      ? await rename(path.join(parent, aside), outDir).then(
          () => aside,
          () => undefined,
        )
      : undefined
  await Promise.all(
    entries
      .filter((e) => e !== restored && (e.startsWith(`${prefix}.tmp-`) || e.startsWith(`${prefix}.old-`)))
      .map((e) => rm(path.join(parent, e), { recursive: true, force: true })),
  )
}

/**
 * Puts the assembled `site` in place of `outDir` with two renames: the old folder is moved aside first, and moved
 * back if the second rename fails, so a failure leaves the previous site untouched. Only then is the
 * old site removed.
 */
export async function swapDirectory(site: string, outDir: string, old: string): Promise<void> {
  let movedAside = false
  try {
    await rename(outDir, old)
    movedAside = true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  try {
    await rename(site, outDir)
  } catch (error) {
    if (movedAside) await rename(old, outDir)
    throw error
  }
  if (movedAside) await rm(old, { recursive: true, force: true })
}
