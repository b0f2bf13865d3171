import { isScalar, visit } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { PositionedFile } from './locate-text.ts'
import { WORKFLOWS } from './read-workflows.ts'

/** A step that builds the site: the CLI itself or the content's npm script. */
const BUILD = /\bportfolio(?:\.mjs)?\s+build\b|\bnpm\s+run\s+build\b/
const BASE = /--base(?:=|\s+)("[^"]*"|'[^']*'|[^\s;&|]+)/
/** A base computed from the repository's name, e.g. base="/$REPOSITORY/" with REPOSITORY: ${{ github.event.repository.name }}. */
const FROM_REPOSITORY = /github\.event\.repository\.name|github\.repository\b|GITHUB_REPOSITORY/

interface RunStep {
  text: string
  /** Offset of the run value in the file. */
  offset: number
}

/**
 * The Pages workflow (the one using actions/deploy-pages) is present and builds with the base GitHub
 * Pages serves the repository under (`expectedBase`, unknown when the repository is).
 */
export function checkPagesWorkflow(
  workflows: readonly PositionedFile[],
  expectedBase: string | undefined,
): Diagnostic[] {
  const pages = workflows.filter((w) => w.text.includes('actions/deploy-pages'))
  if (pages.length === 0) {
    const hint =
      'Add .github/workflows/deploy.yml (portfolio init writes one; copy it from a new portfolio), or ignore this if the site is hosted elsewhere.'
    return [
      createDiagnostic(
        'DOCTOR_PAGES_WORKFLOW',
        { file: '', start: { line: 1, column: 1 } },
        `no workflow in ${WORKFLOWS}/ deploys to GitHub Pages (none uses actions/deploy-pages)`,
        hint,
        'warning',
      ),
    ]
  }
  return pages.flatMap((workflow) => checkBuildStep(workflow, expectedBase))
}

function checkBuildStep(workflow: PositionedFile, expectedBase: string | undefined): Diagnostic[] {
  const build = runSteps(workflow).find((step) => BUILD.test(step.text))
  if (!build) {
    return [
      createDiagnostic(
        'DOCTOR_WORKFLOW_BUILD',
        workflow.at(0, 0),
        `${workflow.file} deploys to GitHub Pages but no step runs "portfolio build"`,
      ),
    ]
  }
  const base = BASE.exec(build.text)
  if (!base?.[1]) {
    if (expectedBase === undefined || expectedBase === '/') return []
    const command = BUILD.exec(build.text)?.[0] ?? 'portfolio build'
    const at = workflow.at(workflow.text.indexOf(command, build.offset), command.length)
    return [
      createDiagnostic(
        'DOCTOR_WORKFLOW_BASE',
        at,
        `the Pages build runs without --base, so the site expects to be served at /, but GitHub Pages serves this repository under ${expectedBase}`,
        `Add --base ${expectedBase} to the build command.`,
      ),
    ]
  }
  const value = base[1].replace(/^["']|["']$/g, '')
  // A computed base (a shell variable, an expression) is right when it comes from the repository's name.
  if (value.includes('$'))
    return FROM_REPOSITORY.test(workflow.text) ? [] : [unverifiableBase(workflow, build, base[0])]
  const normalized = value.endsWith('/') ? value : `${value}/`
  if (expectedBase === undefined || normalized === expectedBase) return []
  const at = workflow.at(workflow.text.indexOf(base[0], build.offset), base[0].length)
  return [
    createDiagnostic(
      'DOCTOR_WORKFLOW_BASE',
      at,
      `the Pages build uses --base ${value}, but GitHub Pages serves this repository under ${expectedBase}`,
      `Use --base ${expectedBase}, or compute it from the repository's name as portfolio init's deploy.yml does.`,
    ),
  ]
}

function unverifiableBase(workflow: PositionedFile, build: RunStep, flag: string): Diagnostic {
  const at = workflow.at(workflow.text.indexOf(flag, build.offset), flag.length)
  return createDiagnostic(
    'DOCTOR_WORKFLOW_BASE',
    at,
    `the Pages build computes its --base from something other than the repository's name, so it cannot be checked`,
    "Compute it from ${{ github.event.repository.name }} as portfolio init's deploy.yml does, or write the path itself.",
    'warning',
  )
}

function runSteps(workflow: PositionedFile): RunStep[] {
  const steps: RunStep[] = []
  visit(workflow.document, {
    Pair(_, pair) {
      if (
        isScalar(pair.key) &&
        pair.key.value === 'run' &&
        isScalar(pair.value) &&
        typeof pair.value.value === 'string'
      ) {
        steps.push({ text: pair.value.value, offset: pair.value.range?.[0] ?? 0 })
      }
    },
  })
  return steps
}
