import path from 'node:path'
import { CliError } from '../errors.ts'
import type { Logger } from '../logger.ts'
import { existingFiles, packageDirectory, planScaffold, unlistedProjects, writeScaffold } from '../init/scaffold.ts'

export interface InitOptions {
  /** Absolute folder to create the portfolio in (created if missing). */
  dir: string
  /** Overwrite files that already exist. */
  force: boolean
}

/** `portfolio init [DIR]`: exit 0 after writing the scaffold; 2 (nothing written) when it would overwrite files without --force. */
export async function initCommand(options: InitOptions, logger: Logger): Promise<number> {
  const plan = await planScaffold(options.dir)
  const where = shown(plan.dir)
  const existing = await existingFiles(plan)
  if (existing.length > 0 && !options.force) {
    throw new CliError(
      `${where} already has ${existing.length === 1 ? 'a file' : 'files'} that init would overwrite; nothing was written:\n${existing.map((f) => `    ${f}`).join('\n')}`,
      `Run "portfolio init ${where === '.' ? '' : `${where} `}--force" to overwrite ${existing.length === 1 ? 'it' : 'them'}, or choose another folder.`,
    )
  }
  await writeScaffold(plan)

  const run = plan.toolReachable ? 'npx portfolio' : `node ${path.join(packageDirectory, 'bin', 'portfolio.mjs')}`
  const lines = [`✔ ${existing.length ? 'Wrote' : 'Created'} a portfolio in ${where}/`, ...plan.files.map((f) => `    ${f.path}${existing.includes(f.path) ? '  (overwritten)' : ''}`), '']
  const unlisted = await unlistedProjects(plan)
  if (unlisted.length) lines.push(`Note: ${unlisted.join(', ')} ${unlisted.length === 1 ? 'is' : 'are'} not listed in portfolio.yaml (projects.order); list or delete ${unlisted.length === 1 ? 'it' : 'them'}.`, '')
  if (plan.schemaLinks === 'absolute') {
    lines.push(
      `Editor completion: the "$schema=" lines point at ${path.join(packageDirectory, 'schema')}, which exists on this machine only.`,
      'Once the tool is installed in the folder (npm install -D <this repository>), re-point them at',
      './node_modules/portfolio-generator/schema/ (../node_modules/… from projects/) so they work everywhere.',
      '',
    )
  }
  lines.push(
    'Next steps:',
    ...(where === '.' ? [] : [`  cd ${where}`]),
    `  ${run} dev         live preview on http://127.0.0.1:5173/ that updates as you save`,
    '  edit portfolio.yaml and projects/*.yaml; the build makes resume.pdf and resume.json from them',
    `  ${run} validate    every problem at once, with file, line and column`,
    `  ${run} build       prerender the site into dist/ (--base /repo-name/ for a GitHub Pages project site)`,
  )
  logger.info(lines.join('\n'))
  return 0
}

function shown(dir: string): string {
  const rel = path.relative(process.cwd(), dir)
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? dir : rel
}
