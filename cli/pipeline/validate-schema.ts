import { readFileSync } from 'node:fs'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { fromAjvErrors } from '../diagnostics/from-ajv.ts'
import type { ParsedDocument } from './parse-yaml.ts'

export type SchemaName = 'portfolio' | 'project'

export const schemaDirectory = new URL('../../schema/', import.meta.url)

export function readSchema(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${name}.schema.json`, schemaDirectory), 'utf8')) as Record<string, unknown>
}

let validators: Record<SchemaName, ValidateFunction> | undefined

/** Compiled once per process: compiling is the expensive part of ajv. */
function getValidators(): Record<SchemaName, ValidateFunction> {
  validators ??= (() => {
    // strictNumbers rejects NaN and Infinity (`.nan`, `.inf`) where a number is expected.
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, strictNumbers: true, discriminator: true })
    return { portfolio: ajv.compile(readSchema('portfolio')), project: ajv.compile(readSchema('project')) }
  })()
  return validators
}

export function validateSchema(parsed: ParsedDocument, name: SchemaName): Diagnostic[] {
  const validate = getValidators()[name]
  if (validate(parsed.data)) return []
  return fromAjvErrors(validate.errors ?? [], parsed, parsed.data)
}
