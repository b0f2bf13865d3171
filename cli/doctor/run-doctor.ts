import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { createDiagnostic } from '../diagnostics/diagnostic.ts'
import { checkAnalyticsPolicy } from './check-analytics.ts'
import { checkModelines } from './check-modelines.ts'
import { readToolManifest } from '../paths.ts'
import { checkNodeVersion, checkToolVersion } from './check-versions.ts'
import { checkPagesWorkflow } from './check-workflow.ts'
import { checkWorkflowVersions } from './check-workflow-versions.ts'
import { readWorkflows } from './read-workflows.ts'
import { findRepository, pagesBase } from './repository.ts'

export interface DoctorOptions {
  /** Absolute content root (a created portfolio, or this repository). */
  root: string
  /** The --base the site is built with, when given. */
  base?: string
  env?: NodeJS.ProcessEnv
  nodeVersion?: string
  /** The day end-of-life dates are compared with. @default now */
  today?: Date
}

export interface DoctorResult {
  diagnostics: Diagnostic[]
  /** How many checks ran, for the summary. */
  checks: number
}

/**
 * What most often breaks a deployment, checked offline: base path, Pages workflow, the Node and action
 * versions the workflows pin, Node and tool versions, schema modelines, the analytics tracker against
 * the site's policies.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorResult> {
  const tool = readToolManifest()
  const repository = findRepository(options.root, options.env ?? process.env)
  const expected = repository ? pagesBase(repository) : undefined
  const found: Diagnostic[] = []
  const nowhere = { file: '', start: { line: 1, column: 1 } }
  if (!repository) {
    found.push(
      createDiagnostic(
        'DOCTOR_REPOSITORY',
        nowhere,
        'cannot tell the repository\'s name (GITHUB_REPOSITORY is not set and there is no "origin" remote), so the base path is not checked',
        undefined,
        'warning',
      ),
    )
  } else if (options.base !== undefined && options.base !== expected) {
    const hint = `Build with --base ${expected}; a custom domain or an <owner>.github.io repository is served at /.`
    found.push(
      createDiagnostic(
        'DOCTOR_BASE',
        nowhere,
        `--base ${options.base} does not match ${repository.owner}/${repository.name} (from ${repository.source}), which GitHub Pages serves under ${expected}`,
        hint,
      ),
    )
  }
  const workflows = await readWorkflows(options.root)
  found.push(...checkPagesWorkflow(workflows, expected))
  found.push(...checkWorkflowVersions(workflows, options.today ?? new Date()))
  found.push(...checkNodeVersion(tool, options.nodeVersion ?? process.versions.node))
  found.push(...(await checkToolVersion(options.root, tool)))
  found.push(...(await checkModelines(options.root, tool.name)))
  found.push(...(await checkAnalyticsPolicy(options.root)))
  return { diagnostics: sortDiagnostics(found), checks: 8 }
}
