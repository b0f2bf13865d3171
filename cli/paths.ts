import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const PACKAGE_NAME = 'yaml-portfolio'

/**
 * The folder of this tool's package.json, looked for upwards from this module: the same answer from
 * the TypeScript in cli/ (tests, tsx) and from the compiled lib/cli/, which sit at different depths.
 */
function findPackageRoot(from: URL): URL {
  for (let folder = new URL('./', from); ; folder = new URL('../', folder)) {
    const manifest = new URL('package.json', folder)
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME
    )
      return folder
    if (new URL('../', folder).href === folder.href)
      throw new Error(`cannot find the ${PACKAGE_NAME} package above ${fileURLToPath(from)}`)
  }
}

const rootUrl = findPackageRoot(new URL(import.meta.url))
const folder = (relative: string) => fileURLToPath(new URL(relative, rootUrl))

/** The installed tool: its package.json, bin, schemas, templates and fonts. Every folder here ends with a separator. */
export const packageDirectory = folder('./')
export const packageJsonFile = folder('package.json')
/** The CLI's TypeScript sources, which caches keyed by the tool's own code hash (present in the repository and in an install). */
export const cliSourceDirectory = folder('cli/')
/** The site app the CLI builds; generated modules go into its src/generated/. */
export const siteDirectory = folder('site/')
export const generatedDirectory = folder('site/src/generated/')
export const schemaUrl = new URL('schema/', rootUrl)
export const fontDirectory = folder('assets/fonts/')
export const templateDirectory = folder('templates/default/')
/** The Typst template of the generated resume (read as text: tsc does not copy it to lib/). */
export const resumeTemplateFile = folder('cli/resume/resume.typ')
/** What `npm run build:cli` makes from the tool alone (validators, schema types): built with it, shipped with it. */
export const prebuiltDirectory = folder('lib/prebuilt/')
/** Where every cache of the tool lives, the usual place for a package's caches. */
export const cacheDirectory = folder('node_modules/.cache/portfolio/')

/** The fields of the tool's own package.json that the CLI reads (--version, doctor, init, SARIF). */
export interface ToolManifest {
  name: string
  version: string
  homepage?: string
  engines?: { node?: string }
}

let manifest: ToolManifest | undefined
/** The tool's own package.json, read once. */
export function readToolManifest(): ToolManifest {
  manifest ??= JSON.parse(readFileSync(packageJsonFile, 'utf8')) as ToolManifest
  return manifest
}
