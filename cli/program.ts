import { Command, Option } from 'commander'
import path from 'node:path'
import { OUTPUT_FORMATS } from './diagnostics/format.ts'
import type { Logger } from './logger.ts'
import { resolveOptions, type CliOptions } from './options.ts'
import { readToolManifest } from './paths.ts'

/** What one command's action gets: its flags and positional arguments as commander parsed them. */
interface Invocation {
  flags: CliOptions & { force?: boolean; strictI18n?: boolean; updateI18nLock?: boolean }
  /** Flags given on the command line (not defaults), resolved. */
  resolved: () => ReturnType<typeof resolveOptions>
  /** The value of a flag only when it was given, not its default. */
  given: (name: keyof CliOptions) => string | undefined
  args: string[]
  logger: Logger
}

/** One command: its help, its options (in help order) and the one command function it hands over to. */
interface CommandSpec {
  name: string
  description: string
  argument?: [name: string, description: string, defaultValue: string]
  options: Option[]
  help: string
  run: (invocation: Invocation) => Promise<number>
}

const root = () =>
  new Option('--root <dir>', 'content folder holding portfolio.yaml and projects/').default('.', 'current directory')
const format = () =>
  new Option('--format <format>', 'how diagnostics are printed (json, github and sarif on stdout; the rest on stderr)')
    .choices(OUTPUT_FORMATS as string[])
    .default('pretty')
const option = (flags: string, description: string, defaultValue?: string) =>
  defaultValue === undefined ? new Option(flags, description) : new Option(flags, description).default(defaultValue)

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`

const COMMANDS: CommandSpec[] = [
  {
    name: 'init',
    description:
      'create a portfolio repository: the example content (experience entries, a project with every section kind), a package.json that depends on the tool, workflows that validate pull requests and deploy to GitHub Pages, a .gitignore',
    argument: ['[dir]', 'folder to create it in (created if missing)', '.'],
    options: [new Option('--force', 'overwrite files that already exist')],
    help: `
Asks nothing. Refuses to overwrite existing files without --force (exit 2, listing them); other files are
left alone, and an existing package.json only gains the tool and the scripts it lacks. Inside the tool's
own folder (a fork) it writes the content only.
${examples(
  'portfolio init                          in the current folder',
  'portfolio init my-portfolio             in ./my-portfolio',
  'portfolio init my-portfolio --force     start over, overwriting the example files',
)}`,
    run: async ({ flags, args, logger }) =>
      (await import('./commands/init.ts')).initCommand(
        { dir: path.resolve(args[0] ?? '.'), force: flags.force === true },
        logger,
      ),
  },
  {
    name: 'dev',
    description:
      'serve the site on 127.0.0.1 and update it as you edit the content (validation errors show in the page)',
    options: [
      root(),
      option('--port <port>', 'port to listen on; 0 picks a free one, a busy one moves to the next', '5173'),
    ],
    help: examples('portfolio dev', 'portfolio dev --root ../my-portfolio --port 3000'),
    run: async ({ resolved, logger }) => (await import('./commands/dev.ts')).devCommand(resolved(), logger),
  },
  {
    name: 'validate',
    description: 'check the content and report every problem, located to line and column',
    options: [
      root(),
      format(),
      option('--strict-i18n', 'make missing and stale translations errors (for CI)'),
      option('--update-i18n-lock', 'record the translations as current in i18n.lock.yaml'),
    ],
    help: examples('portfolio validate --root ../my-portfolio', 'portfolio validate --format json > diagnostics.json'),
    run: async ({ flags, resolved, logger }) =>
      (await import('./commands/validate.ts')).validateCommand(resolved(), logger, {
        strictI18n: flags.strictI18n === true,
        updateI18nLock: flags.updateI18nLock === true,
      }),
  },
  {
    name: 'generate',
    description: 'validate, then write site/src/generated/ (the typed content module the site imports)',
    options: [root(), format()],
    help: examples('portfolio generate', 'portfolio generate --root ../my-portfolio'),
    run: async ({ resolved, logger }) => (await import('./commands/generate.ts')).generateCommand(resolved(), logger),
  },
  {
    name: 'build',
    description: 'validate, generate, build the site with Vite and prerender every route into --out',
    options: [
      root(),
      format(),
      option('--out <dir>', 'output folder', '<root>/dist'),
      option('--base <path>', 'public base path the site is served under', '/'),
      option('--strict-i18n', 'make missing and stale translations errors (for CI)'),
    ],
    help: examples('portfolio build', 'portfolio build --base /my-portfolio/ --out public-site'),
    run: async ({ flags, resolved, logger }) =>
      (await import('./commands/build.ts')).buildCommand(resolved(), logger, { strictI18n: flags.strictI18n === true }),
  },
  {
    name: 'doctor',
    description:
      'check offline what breaks deployments: --base against the repository, the Pages workflow, Node and tool versions, schema modelines',
    options: [
      root(),
      format(),
      option('--base <path>', 'the base path the site is built with, checked against the repository name'),
    ],
    help: `
The repository is GITHUB_REPOSITORY on GitHub Actions, else the "origin" remote. Exit codes as validate:
0 nothing wrong (warnings allowed), 1 a finding that breaks the deployment.
${examples('portfolio doctor', 'portfolio doctor --base /my-portfolio/ --format github')}`,
    run: async ({ flags, resolved, logger }) =>
      (await import('./commands/doctor.ts')).doctorCommand(resolved(), flags.base !== undefined, logger),
  },
  {
    name: 'resume',
    description: 'make the resume alone from the content: a typeset PDF or a JSON Resume document',
    options: [
      root(),
      new Option('--format <format>', 'what to write').choices(['pdf', 'json']).default('pdf'),
      option('--out <file>', 'file to write', '<root>/dist/resume.<format>'),
    ],
    help: examples('portfolio resume', 'portfolio resume --format json --out resume.json'),
    run: async ({ flags, given, logger }) =>
      (await import('./commands/resume.ts')).resumeCommand(
        resolveOptions({ root: flags.root }),
        flags.format === 'json' ? 'json' : 'pdf',
        given('out'),
        logger,
      ),
  },
  {
    name: 'preview',
    description: 'serve the built site on 127.0.0.1',
    options: [
      root(),
      option('--out <dir>', 'folder to serve', '<root>/dist'),
      option('--base <path>', 'public base path the site was built with', '/'),
      option('--port <port>', 'port to listen on', '4173'),
    ],
    help: examples('portfolio preview', 'portfolio preview --base /my-portfolio/ --port 8080'),
    run: async ({ resolved, logger }) => (await import('./commands/preview.ts')).previewCommand(resolved(), logger),
  },
]

const PROGRAM_HELP = `
Exit codes: 0 success · 1 the content has errors · 2 usage or environment problem
${examples(
  'portfolio init my-portfolio             start a new portfolio from the example',
  'portfolio dev                           live preview on http://127.0.0.1:5173/ while you edit',
  'portfolio validate                      check portfolio.yaml and projects/*.yaml',
  'portfolio validate --format github      annotate a pull request on GitHub Actions',
  'portfolio validate --format sarif > portfolio.sarif   for GitHub code scanning',
  'portfolio build --base /my-portfolio/   build for a GitHub Pages project site',
  'portfolio doctor                        check what would break the deployment',
)}`

/** Builds the command-line program from the command table; each action hands over to one command function. */
export function createProgram(logger: Logger, setExitCode: (code: number) => void): Command {
  const program = new Command('portfolio')
    .description('Validate YAML portfolio content and build it into a prerendered static site.')
    .version(readToolManifest().version, '-v, --version')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run "portfolio --help" for usage)')
    .addHelpText('after', PROGRAM_HELP)
  for (const spec of COMMANDS) {
    const command = program.command(spec.name).description(spec.description)
    if (spec.argument) command.argument(...spec.argument)
    for (const added of spec.options) command.addOption(added)
    command.addHelpText('after', spec.help)
    command.action(async (...parsed: unknown[]) => {
      // commander passes the positional arguments, then the flags, then the command itself.
      const flags = parsed.at(-2) as Invocation['flags']
      const given = (name: keyof CliOptions) =>
        command.getOptionValueSource(name) === 'default' ? undefined : flags[name]
      const resolved = () =>
        resolveOptions({
          root: flags.root,
          format: given('format'),
          out: given('out'),
          base: flags.base,
          port: flags.port,
        })
      setExitCode(await spec.run({ flags, resolved, given, args: parsed.slice(0, -2) as string[], logger }))
    })
  }
  return program
}
