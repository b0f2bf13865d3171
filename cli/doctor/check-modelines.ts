import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'

/** The line editors read (the YAML language server): `# yaml-language-server: $schema=<path or URL>`. */
const MODELINE = /^# yaml-language-server: \$schema=(\S+)/m

/** Every schema a content file's modeline names exists, so completion works (web addresses are not fetched: offline). */
export async function checkModelines(root: string, toolName: string): Promise<Diagnostic[]> {
  const projects = await readdir(path.join(root, 'projects')).catch(() => [] as string[])
  const files = [
    'portfolio.yaml',
    ...projects
      .filter((n) => /\.ya?ml$/.test(n))
      .sort()
      .map((n) => `projects/${n}`),
  ]
  const found: Diagnostic[] = []
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8').catch(() => undefined)
    const match = text === undefined ? null : MODELINE.exec(text)
    if (!match?.[1] || text === undefined) continue
    const target = resolveSchema(match[1], path.dirname(path.join(root, file)))
    if (target === undefined || existsSync(target)) continue
    const before = text.slice(0, match.index)
    const line = before.split('\n').length
    const column = match[0].indexOf(match[1]) + 1
    const at = { file, start: { line, column }, end: { line, column: column + match[1].length } }
    found.push(
      createDiagnostic(
        'DOCTOR_SCHEMA_MISSING',
        at,
        `the schema "${match[1]}" does not exist (${target}), so editors cannot complete this file`,
        hintFor(match[1], toolName),
      ),
    )
  }
  return found
}

/** The file a modeline names, or undefined for a web address (not checked offline). */
function resolveSchema(reference: string, from: string): string | undefined {
  if (/^https?:/.test(reference)) return undefined
  if (reference.startsWith('file:')) return fileURLToPath(reference)
  return path.resolve(from, reference)
}

function hintFor(reference: string, toolName: string): string {
  return reference.includes('node_modules/')
    ? 'Run "npm install": the schemas come with the tool in node_modules.'
    : `Point it at node_modules/${toolName}/schema/ (as portfolio init writes it) and run "npm install".`
}
