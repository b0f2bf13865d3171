import { CliError } from '../errors.ts'
import { readToolManifest, type ToolManifest } from '../paths.ts'

type Manifest = Record<string, unknown> & {
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

/** What a content repository runs; `npm run <name>` finds the tool's `portfolio` bin in node_modules/.bin. */
const SCRIPTS = {
  dev: 'portfolio dev',
  build: 'portfolio build',
  preview: 'portfolio preview',
  validate: 'portfolio validate',
  doctor: 'portfolio doctor',
}

/**
 * The content repository's package.json: the tool as a dependency (an upgrade is a version change
 * there) and its scripts. An existing package.json keeps everything it has: only the missing scripts
 * and the dependency are added. Returns undefined when there is nothing to add.
 */
export function contentManifest(
  existing: string | undefined,
  folderName: string,
  tool: ToolManifest = readToolManifest(),
): string | undefined {
  const manifest: Manifest = existing === undefined ? fresh(folderName, tool) : parseExisting(existing)
  const scripts = { ...manifest.scripts }
  for (const [name, command] of Object.entries(SCRIPTS)) scripts[name] ??= command
  manifest.scripts = scripts
  if (!manifest.dependencies?.[tool.name] && !manifest.devDependencies?.[tool.name]) {
    manifest.devDependencies = { ...manifest.devDependencies, [tool.name]: `^${tool.version}` }
  }
  const text = JSON.stringify(manifest, null, 2) + '\n'
  return existing !== undefined && sameJson(existing, text) ? undefined : text
}

function fresh(folderName: string, tool: ToolManifest): Manifest {
  return {
    name: packageName(folderName),
    private: true,
    description: `A portfolio built with ${tool.name}`,
    ...(tool.engines?.node ? { engines: { node: tool.engines.node } } : {}),
  }
}

function parseExisting(text: string): Manifest {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new CliError(
      `package.json is not valid JSON: ${(error as Error).message}`,
      'Fix it (or delete it) and run init again.',
      { cause: error },
    )
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CliError('package.json is not a JSON object', 'Fix it (or delete it) and run init again.')
  return value as Manifest
}

/** npm's rules for a name: lowercase, URL-safe, no leading dot or underscore. */
export function packageName(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '')
  return name || 'my-portfolio'
}

const sameJson = (a: string, b: string) => {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b))
  } catch {
    return false
  }
}
