import { execFileSync } from 'node:child_process'

export interface Repository {
  owner: string
  name: string
  /** Where the name came from, quoted in messages. */
  source: 'GITHUB_REPOSITORY' | 'the origin remote'
}

/** The repository the site is published from: GITHUB_REPOSITORY on GitHub Actions, else the `origin` remote of the git clone at `root`. */
export function findRepository(root: string, env: NodeJS.ProcessEnv): Repository | undefined {
  const fromEnv = env.GITHUB_REPOSITORY ? parseOwnerAndName(env.GITHUB_REPOSITORY) : undefined
  if (fromEnv) return { ...fromEnv, source: 'GITHUB_REPOSITORY' }
  const remote = readOriginUrl(root)
  const fromRemote = remote ? parseRemoteUrl(remote) : undefined
  return fromRemote ? { ...fromRemote, source: 'the origin remote' } : undefined
}

/** "owner/name" */
function parseOwnerAndName(value: string): { owner: string; name: string } | undefined {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(value.trim())
  return match?.[1] && match[2] ? { owner: match[1], name: match[2] } : undefined
}

/** https://github.com/owner/name(.git), git@github.com:owner/name(.git), ssh://git@host/owner/name: the last two path segments. */
function parseRemoteUrl(url: string): { owner: string; name: string } | undefined {
  const match = /[/:]([^/:\s]+)\/([^/\s]+?)(?:\.git)?\/?$/.exec(url.trim())
  return match?.[1] && match[2] ? { owner: match[1], name: match[2] } : undefined
}

/** The base path GitHub Pages serves a repository under: / for <owner>.github.io, /<name>/ otherwise. */
export function pagesBase(repository: { owner: string; name: string }): string {
  return repository.name.toLowerCase() === `${repository.owner.toLowerCase()}.github.io` ? '/' : `/${repository.name}/`
}

function readOriginUrl(root: string): string | undefined {
  try {
    // git itself answers (worktrees, includes, url rewrites); no git, no clone or no origin: undefined.
    return (
      execFileSync('git', ['remote', 'get-url', 'origin'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 10_000,
      }).trim() || undefined
    )
  } catch {
    return undefined
  }
}
