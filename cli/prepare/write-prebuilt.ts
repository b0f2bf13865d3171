import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { compileValidatorsCode, validatorsFileName } from '../content/validate-schema.ts'
import { compileTypes, typesFileName } from '../generate/generate-types.ts'
import { prebuiltDirectory } from '../paths.ts'

/**
 * What depends only on the tool, made when it is built (`npm run build:cli`, run by `prepare`) and
 * shipped in lib/ with the CLI: ajv's standalone code of the schema validators and the TypeScript
 * types of the schemas. Each file is named by a hash of its inputs, so the CLI never loads one made
 * from other schemas; files of earlier inputs are removed.
 */
export async function writePrebuilt(directory: string = prebuiltDirectory): Promise<string[]> {
  const files = new Map([
    [validatorsFileName(), compileValidatorsCode()],
    [typesFileName(), await compileTypes()],
  ])
  mkdirSync(directory, { recursive: true })
  for (const name of readdirSync(directory)) if (!files.has(name)) rmSync(`${directory}${name}`)
  for (const [name, text] of files) writeFileSync(`${directory}${name}`, text)
  return [...files.keys()]
}
