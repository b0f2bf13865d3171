// Writes cli/content/schema-types.ts, the content types the CLI compiles against, from the schemas
// (the text `portfolio generate` writes for the site). Git ignores the file: `npm run build:cli`,
// `npm run typecheck` and the tests' setup run this first, so it follows the schemas without a
// step to remember. It is rewritten only when its text changes, so `tsc -b` keeps its incremental work.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { generateTypes } from '../cli/generate/generate-types.ts'

export const contentTypesFile = fileURLToPath(new URL('../cli/content/schema-types.ts', import.meta.url))

/** Writes the types when they differ from the file's; true when it wrote. */
export async function writeContentTypes(): Promise<boolean> {
  const text = await generateTypes()
  let current: string | undefined
  try {
    current = readFileSync(contentTypesFile, 'utf8')
  } catch {
    current = undefined
  }
  if (current === text) return false
  writeFileSync(contentTypesFile, text)
  return true
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await writeContentTypes()
