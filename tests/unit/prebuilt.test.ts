/**
 * The validators and types made when the tool is built (cli/prepare, into lib/prebuilt/): loaded
 * only when made from the current schemas, and giving exactly what compiling them now gives.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import {
  compileValidators,
  loadPrebuiltValidators,
  validatorsFileName,
  type SchemaName,
} from '../../cli/content/validate-schema.ts'
import { compileTypes, generateTypes, readPrebuiltTypes, typesFileName } from '../../cli/generate/generate-types.ts'
import { writePrebuilt } from '../../cli/prepare/write-prebuilt.ts'
import { FONT_COVERAGE_FILE } from '../../cli/content/rules/font-coverage.ts'
import { prebuiltDirectory } from '../../cli/paths.ts'
import { INVALID_DIR, REPO_ROOT } from '../helpers/fixtures.ts'

const temps: string[] = []
// Inside the checkout: ajv's standalone code requires ajv's runtime, found from the file's folder up.
const tempDir = () => {
  const dir = mkdtempSync(path.join(REPO_ROOT, 'node_modules/.cache/portfolio-prebuilt-'))
  temps.push(dir)
  return `${dir}${path.sep}`
}
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** Every fixture file that parses as YAML, with the schema it is checked against. */
function fixtureDocuments(): { file: string; schema: SchemaName; data: unknown }[] {
  const documents: { file: string; schema: SchemaName; data: unknown }[] = []
  for (const name of readdirSync(INVALID_DIR, { recursive: true, encoding: 'utf8' })) {
    const schema = /(^|\/)portfolio\.yaml$/.test(name)
      ? 'portfolio'
      : /\/projects\/[^/]+\.yaml$/.test(name)
        ? 'project'
        : undefined
    if (!schema) continue
    try {
      documents.push({
        file: name,
        schema,
        data: parse(readFileSync(path.join(INVALID_DIR, name), 'utf8'), { logLevel: 'silent' }),
      })
    } catch {
      // not YAML: the YAML checks' cases, never given to a schema
    }
  }
  return documents
}

describe('prebuilt validators', () => {
  it('are built with the tool and give the errors of a fresh compile on every fixture', () => {
    const prebuilt = loadPrebuiltValidators()
    expect(prebuilt).toBeDefined()
    const { validators: fresh } = compileValidators()
    const documents = fixtureDocuments()
    expect(documents.length).toBeGreaterThan(100)
    let invalid = 0
    for (const { file, schema, data } of documents) {
      const verdict = prebuilt![schema](data)
      expect(verdict, file).toBe(fresh[schema](data))
      if (!verdict) invalid++
      expect(prebuilt![schema].errors ?? null, file).toEqual(fresh[schema].errors ?? null)
    }
    expect(invalid).toBeGreaterThan(30)
  })

  it('are never loaded when made from other schemas or damaged', () => {
    const other = tempDir()
    // Validators of the schemas as they were before an edit: a file named by other inputs.
    copyFileSync(path.join(prebuiltDirectory, validatorsFileName()), `${other}validators-0123456789abcdef.cjs`)
    expect(loadPrebuiltValidators(other)).toBeUndefined()
    const damaged = tempDir()
    writeFileSync(`${damaged}${validatorsFileName()}`, 'this is not javascript {')
    expect(loadPrebuiltValidators(damaged)).toBeUndefined()
    writeFileSync(`${damaged}${validatorsFileName()}`, 'module.exports = { portfolio: 1 }')
    expect(loadPrebuiltValidators(damaged)).toBeUndefined()
  })
})

describe('prebuilt types', () => {
  it('are what the generator makes now, and types of other inputs are not read', async () => {
    const types = await compileTypes()
    expect(types).toContain('export interface Portfolio')
    expect(readPrebuiltTypes()).toBe(types)
    expect(await generateTypes()).toBe(types)
    const other = tempDir()
    writeFileSync(`${other}types-${'0'.repeat(32)}.ts`, 'export interface Old {}')
    expect(readPrebuiltTypes(other)).toBeUndefined()
  })
})

describe('writePrebuilt', () => {
  it("writes the validators and the types named by their inputs, and the fonts' coverage, and removes files of earlier inputs", async () => {
    const dir = tempDir()
    writeFileSync(`${dir}validators-0123456789abcdef.cjs`, 'module.exports = {}')
    writeFileSync(`${dir}types-${'0'.repeat(32)}.ts`, 'export interface Old {}')
    const written = await writePrebuilt(dir)
    expect(written.sort()).toEqual([typesFileName(), validatorsFileName(), FONT_COVERAGE_FILE].sort())
    expect(readdirSync(dir).sort()).toEqual(written)
    const coverage = JSON.parse(readFileSync(`${dir}${FONT_COVERAGE_FILE}`, 'utf8')) as Record<string, unknown>
    expect(Object.keys(coverage)).toEqual(expect.arrayContaining([expect.stringMatching(/^DejaVuSans\.ttf:\d+$/)]))
    expect(loadPrebuiltValidators(dir)).toBeDefined()
    expect(readPrebuiltTypes(dir)).toBe(await compileTypes())
  })
})
