import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import semver from 'semver'
import { isMap, isScalar } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { ToolManifest as Manifest } from '../paths.ts'
import { parsePositioned } from './locate-text.ts'

/** Node is a version the tool's `engines.node` accepts. */
export function checkNodeVersion(tool: Manifest, nodeVersion: string): Diagnostic[] {
  const range = tool.engines?.node
  if (!range || semver.satisfies(nodeVersion, range)) return []
  return [
    createDiagnostic(
      'DOCTOR_NODE_VERSION',
      { file: '', start: { line: 1, column: 1 } },
      `Node ${nodeVersion} runs the tool, which needs Node ${range}`,
      `Install a Node version that matches ${range} (and set node-version in the workflows to the same).`,
    ),
  ]
}

/**
 * The content's package.json asks for this tool, and the copy installed in its node_modules (else the
 * one running) is a version that range accepts. No package.json, or the tool's own (this repository):
 * nothing to check.
 */
export async function checkToolVersion(root: string, tool: Manifest): Promise<Diagnostic[]> {
  const text = await readFile(path.join(root, 'package.json'), 'utf8').catch(() => undefined)
  if (text === undefined) return []
  const manifest = parsePositioned('package.json', text)
  const data = manifest.document.toJS() as { name?: unknown } | null
  if (data?.name === tool.name) return []
  const spec = findDependency(manifest.document.contents, tool.name)
  if (!spec) {
    return [
      createDiagnostic(
        'DOCTOR_TOOL_DEPENDENCY',
        manifest.at(0, 0),
        `package.json does not depend on ${tool.name}, so the version that builds the site is whichever one is at hand`,
        `Run "npm install --save-dev ${tool.name}" to pin the tool (an upgrade is then a version change).`,
        'warning',
      ),
    ]
  }
  // file:, git and tarball specs name no range to compare with.
  if (!semver.validRange(spec.value)) return []
  const installed = installedVersion(root, tool)
  if (semver.satisfies(installed.version, spec.value)) return []
  const at = manifest.at(spec.offset, spec.length)
  return [
    createDiagnostic(
      'DOCTOR_TOOL_VERSION',
      at,
      `package.json asks for ${tool.name} ${spec.value}, but ${installed.where} is ${installed.version}`,
      'Run "npm install" to install the version package.json asks for, or change the range.',
    ),
  ]
}

function installedVersion(root: string, tool: Manifest): { version: string; where: string } {
  const local = path.join(root, 'node_modules', tool.name, 'package.json')
  if (existsSync(local))
    return { version: (JSON.parse(readFileSync(local, 'utf8')) as Manifest).version, where: `the copy in node_modules` }
  return { version: tool.version, where: 'the one running' }
}

function findDependency(
  contents: unknown,
  name: string,
): { value: string; offset: number; length: number } | undefined {
  if (!isMap(contents)) return undefined
  for (const field of ['dependencies', 'devDependencies']) {
    const dependencies = contents.get(field, true)
    if (!isMap(dependencies)) continue
    const value = dependencies.get(name, true)
    if (isScalar(value) && typeof value.value === 'string' && value.range) {
      return { value: value.value, offset: value.range[0], length: value.range[1] - value.range[0] }
    }
  }
  return undefined
}
