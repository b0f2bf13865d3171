import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'

export interface AuditRoute {
  /** Path below the base, e.g. / or /projects/logic-i. */
  route: string
  /** The prerendered file, relative to the build folder. */
  file: string
  /** The project id for case-study pages. */
  projectId?: string
  /** The technology's slug for a technology page (/projects/tech/<slug>). */
  techSlug?: string
  /** The post's slug for a post page (/writing/<slug>): held to a case study's budgets. */
  postSlug?: string
  /** The tag's slug for a tag page (/writing/tags/<slug>). */
  tagSlug?: string
}

/**
 * Every page to audit, read from the build output: /, one case study per projects/<id>/index.html,
 * then one technology page per projects/tech/<slug>/index.html; with posts, /writing, one post
 * page per writing/<slug>/index.html and one tag page per writing/tags/<slug>/index.html.
 */
export async function listAuditRoutes(distDir: string): Promise<AuditRoute[]> {
  const home = await stat(path.join(distDir, 'index.html')).catch(() => undefined)
  if (!home?.isFile()) throw new Error(`${distDir} has no index.html: is it a built site?`)
  const ids = await readdir(path.join(distDir, 'projects'), { withFileTypes: true }).catch(() => [])
  const projects: AuditRoute[] = []
  for (const entry of ids) {
    if (!entry.isDirectory()) continue
    const file = path.posix.join('projects', entry.name, 'index.html')
    if (
      await stat(path.join(distDir, file)).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      projects.push({ route: `/projects/${entry.name}`, file, projectId: entry.name })
  }
  projects.sort((a, b) => a.route.localeCompare(b.route))
  return [
    { route: '/', file: 'index.html' },
    ...projects,
    ...(await listTechRoutes(distDir)),
    ...(await listWritingRoutes(distDir)),
  ]
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  )

/** /writing, then each post page, then each tag page (the prerendered ones: never a draft). */
async function listWritingRoutes(distDir: string): Promise<AuditRoute[]> {
  if (!(await isFile(path.join(distDir, 'writing', 'index.html')))) return []
  const entries = await readdir(path.join(distDir, 'writing'), { withFileTypes: true })
  const posts: AuditRoute[] = []
  for (const entry of entries) {
    const file = path.posix.join('writing', entry.name, 'index.html')
    if (entry.isDirectory() && entry.name !== 'tags' && (await isFile(path.join(distDir, file))))
      posts.push({ route: `/writing/${entry.name}`, file, postSlug: entry.name })
  }
  const tags = await readdir(path.join(distDir, 'writing', 'tags'), { withFileTypes: true }).catch(() => [])
  const tagRoutes: AuditRoute[] = []
  for (const entry of tags) {
    const file = path.posix.join('writing', 'tags', entry.name, 'index.html')
    if (entry.isDirectory() && (await isFile(path.join(distDir, file))))
      tagRoutes.push({ route: `/writing/tags/${entry.name}`, file, tagSlug: entry.name })
  }
  const byRoute = (a: AuditRoute, b: AuditRoute) => a.route.localeCompare(b.route)
  return [{ route: '/writing', file: 'writing/index.html' }, ...posts.sort(byRoute), ...tagRoutes.sort(byRoute)]
}

async function listTechRoutes(distDir: string): Promise<AuditRoute[]> {
  const slugs = await readdir(path.join(distDir, 'projects', 'tech'), { withFileTypes: true }).catch(() => [])
  const routes: AuditRoute[] = []
  for (const entry of slugs) {
    const file = path.posix.join('projects', 'tech', entry.name, 'index.html')
    if (
      entry.isDirectory() &&
      (await stat(path.join(distDir, file)).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      routes.push({ route: `/projects/tech/${entry.name}`, file, techSlug: entry.name })
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route))
}

/**
 * Keeps the routes named in a --routes list. Accepts `/`, `/projects/<id>`, `projects/<id>`, a bare
 * project id, or any listed path (`/writing/<slug>`); throws on a name that matches no route, so a
 * typo never audits nothing.
 */
export function selectRoutes(routes: readonly AuditRoute[], names: readonly string[]): AuditRoute[] {
  const wanted = new Set<string>()
  for (const raw of names.map((n) => n.trim()).filter(Boolean)) {
    const name = raw === '/' ? '/' : raw.replace(/^\/+|\/+$/g, '')
    const match = routes.find((r) => r.route === (name === '/' ? '/' : `/${name}`) || r.projectId === name)
    if (!match) throw new Error(`unknown route "${raw}" (known: ${routes.map((r) => r.route).join(', ')})`)
    wanted.add(match.route)
  }
  return routes.filter((r) => wanted.has(r.route))
}

/** The URL of a route on a server whose root URL (with the base) is `siteUrl`. */
export function routeUrl(siteUrl: string, route: AuditRoute): string {
  const root = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`
  return route.route === '/' ? root : root + route.route.slice(1)
}
