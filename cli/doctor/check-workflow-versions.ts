import semver from 'semver'
import { isMap, isScalar, isSeq, visit, type Scalar } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { actionMajors, nodeEndOfLife, oldestActionRuntime, recommendedNode, type ActionRuntime } from './end-of-life.ts'
import type { PositionedFile } from './locate-text.ts'

/** `owner/name[/path]@v4`, `@v4.2` or `@v4.2.2`; a commit SHA or a branch names no major and is not judged. */
const USES = /^([\w.-]+\/[\w.-]+)(?:\/[^@]*)?@(v?(\d+)(?:\.\d+){0,2})$/
/** The official Node image, `node:20-bookworm`, `node:20.19-slim`, `docker.io/library/node:20`: its version, then the variant. */
const NODE_IMAGE = /^((?:docker\.io\/)?(?:library\/)?node:)(\d+)(?:\.\d+){0,2}(?=-|$)/

/**
 * Every workflow's versions that have stopped working: a Node past its end of life (setup-node's
 * node-version, a matrix of them, a job container's node image) and an action major on a runtime
 * GitHub Actions no longer runs. Warnings: the workflow still runs today, on borrowed time.
 */
export function checkWorkflowVersions(workflows: readonly PositionedFile[], today: Date): Diagnostic[] {
  const day = today.toISOString().slice(0, 10)
  return workflows.flatMap((workflow) => {
    const found: Diagnostic[] = []
    visit(workflow.document, {
      Pair(_, pair) {
        if (!isScalar(pair.key)) return
        const key = pair.key.value
        if (key === 'uses' && isScalar(pair.value)) found.push(...checkAction(workflow, pair.value, day))
        if (key === 'node-version') {
          const values = isSeq(pair.value) ? pair.value.items : [pair.value]
          for (const value of values) if (isScalar(value)) found.push(...checkNodeVersion(workflow, value, day))
        }
        if (key === 'container') {
          const image = isMap(pair.value) ? pair.value.get('image', true) : pair.value
          if (isScalar(image)) found.push(...checkContainer(workflow, image, day))
        }
      },
    })
    return found
  })
}

function checkNodeVersion(workflow: PositionedFile, value: Scalar, day: string): Diagnostic[] {
  const spec = String(value.value).trim()
  const major = endOfLifeMajor(spec, day)
  if (major === undefined) return []
  return [
    createDiagnostic(
      'DOCTOR_WORKFLOW_NODE',
      span(workflow, value),
      `node-version ${spec} runs Node ${major}, which reached its end of life on ${nodeEndOfLife[major]?.end}`,
      `Write node-version: ${recommendedNode}, the LTS portfolio init's workflows use.`,
      'warning',
    ),
  ]
}

function checkContainer(workflow: PositionedFile, value: Scalar, day: string): Diagnostic[] {
  const image = String(value.value)
  const match = NODE_IMAGE.exec(image)
  const major = Number(match?.[2])
  const end = nodeEndOfLife[major]?.end
  if (!match || end === undefined || day < end) return []
  return [
    createDiagnostic(
      'DOCTOR_WORKFLOW_NODE',
      span(workflow, value),
      `the job container ${image} runs Node ${major}, which reached its end of life on ${end}`,
      `Write ${image.replace(NODE_IMAGE, `$1${recommendedNode}`)}.`,
      'warning',
    ),
  ]
}

function checkAction(workflow: PositionedFile, value: Scalar, day: string): Diagnostic[] {
  const uses = String(value.value)
  const match = USES.exec(uses)
  if (!match?.[1]) return []
  const name = match[1].toLowerCase()
  const known = actionMajors[name]
  const runs = known?.majors[Number(match[3])]
  if (!known || runs === undefined) return []
  const { runtime, via } = typeof runs === 'string' ? { runtime: runs, via: undefined } : runs
  const oldest = oldestRuntime(day)
  if (!oldest || runtimeNumber(runtime) >= runtimeNumber(oldest.runtime)) return []
  const current = known.majors[known.current]
  const how = via ? `calls ${via}, on ${runtime}` : `runs on ${runtime}`
  return [
    createDiagnostic(
      'DOCTOR_WORKFLOW_ACTION',
      span(workflow, value),
      `${match[1]}@${match[2]} ${how}, which GitHub Actions no longer runs (${oldest.runtime} or newer since ${oldest.from})`,
      `Write ${match[1]}@v${known.current}, its current major (on ${typeof current === 'string' ? current : current?.runtime}).`,
      'warning',
    ),
  ]
}

/**
 * The Node major a node-version spec pins, when every major it admits is past its end of life (the
 * newest of them); undefined when it admits a living one, or one newer than the table, or is not a
 * version at all (`lts/*`, `latest`, an expression).
 */
function endOfLifeMajor(spec: string, day: string): number | undefined {
  const codename = /^lts\/([a-z]+)$/i.exec(spec)?.[1]?.toLowerCase()
  const range = codename
    ? Object.entries(nodeEndOfLife).find(([, line]) => line.codename === codename)?.[0]
    : semver.validRange(spec.replace(/^v(?=\d)/, ''))
  if (!range) return undefined
  const known = Object.keys(nodeEndOfLife).map(Number)
  const admitted = [...known, Math.max(...known) + 1].filter((major) => semver.intersects(range, `${major}.x`))
  const living = admitted.some((major) => {
    const end = nodeEndOfLife[major]?.end
    return end === undefined || day < end
  })
  return admitted.length === 0 || living ? undefined : Math.max(...admitted)
}

function oldestRuntime(day: string): { from: string; runtime: ActionRuntime } | undefined {
  return oldestActionRuntime.filter((entry) => entry.from <= day).at(-1)
}

const runtimeNumber = (runtime: ActionRuntime) => Number(runtime.slice('node'.length))

function span(workflow: PositionedFile, node: Scalar) {
  const [start, end] = node.range ?? [0, 0]
  return workflow.at(start, end - start)
}
