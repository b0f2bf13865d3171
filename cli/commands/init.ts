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

  const lines = [
    `✔ ${existing.length ? 'Wrote' : 'Created'} a portfolio in ${where}/`,
    ...plan.files.map(
      (f) =>
        `    ${f.path}${f.updates ? '  (added the tool and its scripts)' : existing.includes(f.path) ? '  (overwritten)' : ''}`,
    ),
    '',
  ]
  const unlisted = await unlistedProjects(plan)
  if (unlisted.length)
    lines.push(
      `Note: ${unlisted.join(', ')} ${unlisted.length === 1 ? 'is' : 'are'} not listed in portfolio.yaml (projects.order); list or delete ${unlisted.length === 1 ? 'it' : 'them'}.`,
      '',
    )
  const cd = where === '.' ? '' : `cd ${where.includes(' ') ? JSON.stringify(where) : where} && `
  if (plan.kind === 'repository') {
    lines.push(
      'Next steps:',
      `  ${cd}npm install`,
      '  npm run dev         live preview on http://127.0.0.1:5173/ that updates as you save',
      '',
      'Then edit portfolio.yaml and projects/*.yaml; "npm run validate" lists every problem, "npm run build" writes dist/ (the site, resume.pdf and resume.json).',
      'Push to GitHub with package-lock.json: the workflows validate pull requests and deploy main to Pages.',
    )
  } else {
    const root = path.relative(packageDirectory, plan.dir) || '.'
    lines.push(
      'Next steps:',
      `  npx portfolio dev --root ${root}         live preview on http://127.0.0.1:5173/ that updates as you save`,
      `  npx portfolio build --root ${root}       prerender the site into ${root === '.' ? '' : `${root}/`}dist/`,
    )
  }
  logger.info(lines.join('\n'))
  return 0
}

function shown(dir: string): string {
  const rel = path.relative(process.cwd(), dir)
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? dir : rel
}
