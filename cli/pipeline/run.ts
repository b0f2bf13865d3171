import { fileURLToPath } from 'node:url'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import { checkContent, type CheckResult } from './check-content.ts'
import { compileContent, type CompiledContent } from './compile-content.ts'
import { generateContentModules } from './generate-content.ts'
import { generateTypes } from './generate-types.ts'
import { writeFiles } from './write-files.ts'

/** The site app the CLI builds; generated modules go into its src/generated/. */
export const siteDirectory = fileURLToPath(new URL('../../site/', import.meta.url))
export const generatedDirectory = fileURLToPath(new URL('../../site/src/generated/', import.meta.url))

export interface GenerateResult extends CheckResult {
  compiled?: CompiledContent
  /** Generated files that changed on disk. */
  written: string[]
}

/** check → compile markdown and diagrams → generate modules → write them. Writes nothing on any error. */
export async function runGenerate(root: string, outputDirectory = generatedDirectory): Promise<GenerateResult> {
  const checked = await checkContent(root)                                   // load, parse, schema, rules
  if (!checked.content) return { ...checked, written: [] }
  const { compiled, diagnostics } = compileContent(checked.content, checked.parsed) // markdown → HTML, Mermaid → SVG
  if (hasErrors(diagnostics)) return { ...checked, diagnostics: [...checked.diagnostics, ...diagnostics], written: [] }
  const files = generateContentModules(compiled, await generateTypes())   // typed modules, deterministic
  const written = await writeFiles(outputDirectory, files)                 // atomic, only what changed
  return { ...checked, compiled, written }
}
