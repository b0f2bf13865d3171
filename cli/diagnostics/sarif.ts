import { pathToFileURL } from 'node:url'
import { readToolManifest } from '../paths.ts'
import { diagnosticCodes, type DiagnosticCode } from './codes.ts'
import type { Diagnostic } from './diagnostic.ts'
import { ruleNames } from './rule-names.ts'

/*
 * SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html), the subset GitHub
 * code scanning reads: one run, one rule per diagnostic code of the catalogue (title and default
 * hint), one result per diagnostic with its file relative to the content root.
 */
const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json'
/** The name of the base every artifact path is relative to (SARIF §3.14.14 originalUriBaseIds). */
const CONTENT_ROOT = 'CONTENTROOT'

export function sarifLog(diagnostics: readonly Diagnostic[], root?: string) {
  const tool = readToolManifest()
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort()
  const ruleIndex = new Map(codes.map((code, index) => [code, index]))
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'portfolio',
            semanticVersion: tool.version,
            // Where a reader of the log learns about the tool (the Multitool warns, SARIF2005, without
            // one): the package's homepage, else its page on the npm registry, which shows the README.
            informationUri: tool.homepage ?? `https://www.npmjs.com/package/${tool.name}`,
            rules: codes.map(toRule),
          },
        },
        ...(root
          ? {
              originalUriBaseIds: {
                [CONTENT_ROOT]: { uri: pathToFileURL(root.endsWith('/') ? root : `${root}/`).href },
              },
            }
          : {}),
        columnKind: 'unicodeCodePoints',
        results: diagnostics.map((d) => toResult(d, ruleIndex.get(d.code) ?? -1)),
      },
    ],
  }
}

function toRule(code: DiagnosticCode) {
  const entry: { title: string; hint?: string } = diagnosticCodes[code]
  return {
    id: code,
    name: ruleNames[code],
    shortDescription: { text: entry.title },
    ...(entry.hint ? { help: { text: entry.hint } } : {}),
  }
}

function toResult(d: Diagnostic, ruleIndex: number) {
  const region = {
    startLine: d.line,
    startColumn: d.column,
    ...(d.end ? { endLine: d.end.line, endColumn: d.end.column } : {}),
  }
  return {
    ruleId: d.code,
    ruleIndex,
    level: d.severity,
    message: { text: d.hint ? `${d.message}\n${d.hint}` : d.message },
    // A finding about the environment (doctor) names no file; SARIF then has no location.
    locations: d.file
      ? [{ physicalLocation: { artifactLocation: { uri: encodeURI(d.file), uriBaseId: CONTENT_ROOT }, region } }]
      : [],
    ...(d.pointer ? { properties: { pointer: d.pointer } } : {}),
  }
}
