import { Command, Option } from 'commander'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { OUTPUT_FORMATS } from './diagnostics/format.ts'
import type { Logger } from './logger.ts'
import { resolveOptions, type CliOptions } from './options.ts'
import { packageJsonFile } from './paths.ts'

const { version: VERSION } = JSON.parse(readFileSync(packageJsonFile, 'utf8')) as { version: string }

/** Builds the command-line program. Each action resolves options and hands over to one command function. */
export function createProgram(logger: Logger, setExitCode: (code: number) => void): Command {
  const program = new Command('portfolio')
    .description('Validate YAML portfolio content and build it into a prerendered static site.')
    .version(VERSION, '-v, --version')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run "portfolio --help" for usage)')
    .addHelpText(
      'after',
      `
Exit codes: 0 success · 1 the content has errors · 2 usage or environment problem

Examples:
  $ portfolio init my-portfolio             start a new portfolio from the example
  $ portfolio dev                           live preview on http://127.0.0.1:5173/ while you edit
  $ portfolio validate                      check portfolio.yaml and projects/*.yaml
  $ portfolio validate --format github      annotate a pull request on GitHub Actions
  $ portfolio validate --format sarif > portfolio.sarif   for GitHub code scanning
  $ portfolio build --base /my-portfolio/   build for a GitHub Pages project site
  $ portfolio doctor                        check what would break the deployment`,
    )

  const root = () =>
    new Option('--root <dir>', 'content folder holding portfolio.yaml and projects/').default('.', 'current directory')
  const format = () =>
    new Option(
      '--format <format>',
      'how diagnostics are printed (json, github and sarif on stdout; the rest on stderr)',
    )
      .choices(OUTPUT_FORMATS as string[])
      .default('pretty')

  program
    .command('init')
    .description(
      'create a portfolio repository: the example content (experience entries, a project with every section kind), a package.json that depends on the tool, workflows that validate pull requests and deploy to GitHub Pages, a .gitignore',
    )
    .argument('[dir]', 'folder to create it in (created if missing)', '.')
    .option('--force', 'overwrite files that already exist')
    .addHelpText(
      'after',
      `
Asks nothing. Refuses to overwrite existing files without --force (exit 2, listing them); other files are
left alone, and an existing package.json only gains the tool and the scripts it lacks. Inside the tool's
own folder (a fork) it writes the content only.

Examples:
  $ portfolio init                          in the current folder
  $ portfolio init my-portfolio             in ./my-portfolio
  $ portfolio init my-portfolio --force     start over, overwriting the example files`,
    )
    .action(async (dir: string, flags: { force?: boolean }) => {
      const { initCommand } = await import('./commands/init.ts')
      setExitCode(await initCommand({ dir: path.resolve(dir), force: flags.force === true }, logger))
    })

  program
    .command('dev')
    .description(
      'serve the site on 127.0.0.1 and update it as you edit the content (validation errors show in the page)',
    )
    .addOption(root())
    .option('--port <port>', 'port to listen on; 0 picks a free one, a busy one moves to the next', '5173')
    .addHelpText(
      'after',
      `
Examples:
  $ portfolio dev
  $ portfolio dev --root ../my-portfolio --port 3000`,
    )
    .action(async (flags: CliOptions, command: Command) => {
      const { devCommand } = await import('./commands/dev.ts')
      setExitCode(await devCommand(resolve(flags, command), logger))
    })

  program
    .command('validate')
    .description('check the content and report every problem, located to line and column')
    .addOption(root())
    .addOption(format())
    .addHelpText(
      'after',
      '\nExamples:\n  $ portfolio validate --root ../my-portfolio\n  $ portfolio validate --format json > diagnostics.json',
    )
    .action(async (flags: CliOptions, command: Command) => {
      const { validateCommand } = await import('./commands/validate.ts')
      setExitCode(await validateCommand(resolve(flags, command), logger))
    })

  program
    .command('generate')
    .description('validate, then write site/src/generated/ (the typed content module the site imports)')
    .addOption(root())
    .addOption(format())
    .addHelpText('after', '\nExamples:\n  $ portfolio generate\n  $ portfolio generate --root ../my-portfolio')
    .action(async (flags: CliOptions, command: Command) => {
      const { generateCommand } = await import('./commands/generate.ts')
      setExitCode(await generateCommand(resolve(flags, command), logger))
    })

  program
    .command('build')
    .description('validate, generate, build the site with Vite and prerender every route into --out')
    .addOption(root())
    .addOption(format())
    .option('--out <dir>', 'output folder', '<root>/dist')
    .option('--base <path>', 'public base path the site is served under', '/')
    .addHelpText(
      'after',
      '\nExamples:\n  $ portfolio build\n  $ portfolio build --base /my-portfolio/ --out public-site',
    )
    .action(async (flags: CliOptions, command: Command) => {
      const { buildCommand } = await import('./commands/build.ts')
      setExitCode(await buildCommand(resolve(flags, command), logger))
    })

  program
    .command('doctor')
    .description(
      'check offline what breaks deployments: --base against the repository, the Pages workflow, Node and tool versions, schema modelines',
    )
    .addOption(root())
    .addOption(format())
    .option('--base <path>', 'the base path the site is built with, checked against the repository name')
    .addHelpText(
      'after',
      `
The repository is GITHUB_REPOSITORY on GitHub Actions, else the "origin" remote. Exit codes as validate:
0 nothing wrong (warnings allowed), 1 a finding that breaks the deployment.

Examples:
  $ portfolio doctor
  $ portfolio doctor --base /my-portfolio/ --format github`,
    )
    .action(async (flags: CliOptions, command: Command) => {
      const { doctorCommand } = await import('./commands/doctor.ts')
      setExitCode(await doctorCommand(resolve(flags, command), flags.base !== undefined, logger))
    })

  program
    .command('resume')
    .description('make the resume alone from the content: a typeset PDF or a JSON Resume document')
    .addOption(root())
    .addOption(new Option('--format <format>', 'what to write').choices(['pdf', 'json']).default('pdf'))
    .option('--out <file>', 'file to write', '<root>/dist/resume.<format>')
    .addHelpText('after', '\nExamples:\n  $ portfolio resume\n  $ portfolio resume --format json --out resume.json')
    .action(async (flags: CliOptions, command: Command) => {
      const { resumeCommand } = await import('./commands/resume.ts')
      const out = command.getOptionValueSource('out') === 'default' ? undefined : flags.out
      setExitCode(
        await resumeCommand(
          resolveOptions({ root: flags.root }),
          flags.format === 'json' ? 'json' : 'pdf',
          out,
          logger,
        ),
      )
    })

  program
    .command('preview')
    .description('serve the built site on 127.0.0.1')
    .addOption(root())
    .option('--out <dir>', 'folder to serve', '<root>/dist')
    .option('--base <path>', 'public base path the site was built with', '/')
    .option('--port <port>', 'port to listen on', '4173')
    .addHelpText('after', '\nExamples:\n  $ portfolio preview\n  $ portfolio preview --base /my-portfolio/ --port 8080')
    .action(async (flags: CliOptions, command: Command) => {
      const { previewCommand } = await import('./commands/preview.ts')
      setExitCode(await previewCommand(resolve(flags, command), logger))
    })

  return program
}

function resolve(flags: CliOptions, command: Command) {
  const given = (name: keyof CliOptions) => (command.getOptionValueSource(name) === 'default' ? undefined : flags[name])
  return resolveOptions({
    root: flags.root,
    format: given('format'),
    out: given('out'),
    base: flags.base,
    port: flags.port,
  })
}
