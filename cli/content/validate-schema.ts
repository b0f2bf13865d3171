import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { prebuiltDirectory, schemaUrl } from '../paths.ts'
import type { ValidateFunction } from 'ajv'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { fromAjvErrors, WORDING_KEYWORD } from '../diagnostics/from-ajv.ts'
import type { ParsedDocument } from './parse-yaml.ts'
import { sha256Hex } from '../sha256.ts'
import { deriveOverlaySchema } from './i18n/overlay-schema.ts'
import { KEY_KEYWORD, TRANSLATABLE_KEYWORD, type SchemaNode } from './i18n/translatable-schema.ts'

export type SchemaName = 'portfolio' | 'project' | 'post'
/** The schemas of the overlay files, derived from their sources' (i18n/overlay-schema.ts). */
export type OverlaySchemaName = 'portfolio.overlay' | 'project.overlay' | 'post.overlay'
type ValidatorName = SchemaName | OverlaySchemaName

const SCHEMA_NAMES: readonly SchemaName[] = ['portfolio', 'project', 'post']

export function readSchema(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readSchemaText(name)) as Record<string, unknown>
}

export function readSchemaText(name: SchemaName): string {
  return readFileSync(new URL(`${name}.schema.json`, schemaUrl), 'utf8')
}

// strictNumbers rejects NaN and Infinity (`.nan`, `.inf`) where a number is expected. allErrors and
// verbose (parentSchema on each error) are what diagnostics/from-ajv.ts reads.
const AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: true,
  strictRequired: false,
  strictNumbers: true,
  discriminator: true,
  // The schemas' wording for one field's failures (read by from-ajv.ts); nothing to validate, so
  // standalone code needs nothing for it.
  // So are the translation marks (i18n/translatable-schema.ts): read from the schema, never validated.
  keywords: [WORDING_KEYWORD, TRANSLATABLE_KEYWORD, KEY_KEYWORD] as string[],
} as const

type Validators = Record<ValidatorName, ValidateFunction>

const OVERLAY_SOURCES: Record<OverlaySchemaName, SchemaName> = {
  'portfolio.overlay': 'portfolio',
  'project.overlay': 'project',
  'post.overlay': 'post',
}
const OVERLAY_NAMES = Object.keys(OVERLAY_SOURCES) as OverlaySchemaName[]

/** An overlay's schema, derived now from its source's (a walk over the JSON, a millisecond). */
export function readOverlaySchema(name: OverlaySchemaName): SchemaNode {
  const source = readSchema(OVERLAY_SOURCES[name]) as SchemaNode
  return deriveOverlaySchema(source, `https://portfolio.local/schema/${name}.schema.json`)
}

/** Every schema the validators are compiled from, by name: the sources' and the overlays' derived from them. */
function allSchemas(): [ValidatorName, { $id: string }][] {
  return [
    ...SCHEMA_NAMES.map((name) => [name, JSON.parse(readSchemaText(name)) as { $id: string }] as const),
    ...OVERLAY_NAMES.map((name) => [name, readOverlaySchema(name) as { $id: string }] as const),
  ] as [ValidatorName, { $id: string }][]
}

const require = createRequire(import.meta.url)

/** The validators' inputs, which name their prebuilt file: the schemas, the options and ajv's version. */
function validatorsKey(): string {
  const ajvVersion = (require('ajv/package.json') as { version: string }).version
  // The overlays' schemas are part of the key as derived, so a change to the derivation rebuilds them too.
  const schemas = allSchemas().map(([, schema]) => JSON.stringify(schema))
  return sha256Hex([ajvVersion, JSON.stringify(AJV_OPTIONS), ...schemas].join('\0')).slice(0, 16)
}

export function validatorsFileName(): string {
  return `validators-${validatorsKey()}.cjs`
}

/**
 * ajv's standalone code of the validators, a CommonJS module exporting one per schema (`portfolio`, `project`,
 * `post`, and the overlays' `portfolio.overlay`, `project.overlay`, `post.overlay`).
 * cli/prepare writes it into lib/ when the tool is built: compiling takes about a second, loading
 * the code a few milliseconds.
 */
export function compileValidatorsCode(): string {
  const { ajv, ids } = compileValidators()
  const standaloneCode = (
    require('ajv/dist/standalone/index.js') as { default: typeof import('ajv/dist/standalone/index.js').default }
  ).default
  return standaloneCode(ajv, ids)
}

/** ajv's validators compiled now. Loaded only when compiling: importing ajv's compiler costs more than validating the content. */
export function compileValidators() {
  const Ajv2020 = (require('ajv/dist/2020.js') as { default: typeof import('ajv/dist/2020.js').default }).default
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true } })
  const schemas = allSchemas()
  const validators = Object.fromEntries(schemas.map(([name, schema]) => [name, ajv.compile(schema)])) as Validators
  return { ajv, validators, ids: Object.fromEntries(schemas.map(([name, schema]) => [name, schema.$id])) }
}

/**
 * The prebuilt validators in `directory` when they were built from these schemas, options and ajv;
 * undefined when they are missing, of other inputs (a schema edited since the last `npm run
 * build:cli`) or unreadable.
 */
export function loadPrebuiltValidators(directory: string = prebuiltDirectory): Validators | undefined {
  try {
    const loaded = require(`${directory}${validatorsFileName()}`) as Partial<Validators>
    if ([...SCHEMA_NAMES, ...OVERLAY_NAMES].every((name) => typeof loaded[name] === 'function'))
      return loaded as Validators
  } catch {
    // compiled instead, below
  }
  return undefined
}

let validators: Validators | undefined

/** The prebuilt validators; compiled here only when running from sources whose schemas changed since the build. */
function getValidators(): Validators {
  validators ??= loadPrebuiltValidators() ?? compileValidators().validators
  return validators
}

export function validateSchema(parsed: ParsedDocument, name: ValidatorName): Diagnostic[] {
  const validate = getValidators()[name]
  if (validate(parsed.data)) return []
  return fromAjvErrors(validate.errors ?? [], parsed, parsed.data)
}
