import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { FONT_COVERAGE_FILE, fontCoverageJson } from '../content/rules/font-coverage.ts'
import { compileValidatorsCode, validatorsFileName } from '../content/validate-schema.ts'
import { compileTypes, typesFileName } from '../generate/generate-types.ts'
import { fontDirectory, prebuiltDirectory } from '../paths.ts'
import { resumeFontFiles } from '../resume/typeset.ts'

/**
 * What depends only on the tool, made when it is built (`npm run build:cli`, run by `prepare`) and
 * shipped in lib/ with the CLI: ajv's standalone code of the schema validators, the TypeScript
 * types of the schemas, and the code points of every bundled font (M7's check, without loading a
 * font reader). The first two are named by a hash of their inputs, so the CLI never loads one made
 * from other schemas; each font's entry is keyed by its file's name and size. Files of earlier
 * inputs are removed.
 */
export async function writePrebuilt(directory: string = prebuiltDirectory): Promise<string[]> {
  const files = new Map([
    [validatorsFileName(), compileValidatorsCode()],
    [typesFileName(), await compileTypes()],
    [FONT_COVERAGE_FILE, fontCoverageJson(bundledFontFiles())],
  ])
  mkdirSync(directory, { recursive: true })
  for (const name of readdirSync(directory)) if (!files.has(name)) rmSync(`${directory}${name}`)
  for (const [name, text] of files) writeFileSync(`${directory}${name}`, text)
  return [...files.keys()]
}

/** Every font the outputs set text in: the cards' and the scripts' (assets/fonts/), and the resume's. */
function bundledFontFiles(): string[] {
  const bundled = readdirSync(fontDirectory)
    .filter((name) => /\.(ttf|otf)$/.test(name))
    .map((name) => path.join(fontDirectory, name))
  return [...new Set([...bundled, ...resumeFontFiles()])]
}
