// Import rules of DESIGN.md ("Imports flow downward only"), checked by tests/unit/import-rules.test.ts
// so a cycle or an upward import fails CI. Layers, top to bottom:
//   commands -> pipeline | dev | init -> social | resume -> media -> generate -> compile -> content -> diagnostics
// cache/, workers/ and diagnostics/ import nothing else of cli/ but the shared leaves (errors, paths);
// analytics/ (the tracker providers, for the build and the doctor) imports nothing else of cli/.
const leaves = '^cli/(errors|paths|sha256|write-atomically)[.]ts$'
const above = (...layers) => `^cli/(${layers.join('|')})/`

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycles make the stages impossible to read or test alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'cli-not-bin',
      severity: 'error',
      comment: 'bin/ starts the CLI; the CLI never imports it.',
      from: { path: '^cli/' },
      to: { path: '^bin/' },
    },
    {
      name: 'site-not-cli',
      severity: 'error',
      comment: 'The site is built by the CLI and never imports it.',
      from: { path: '^site/' },
      to: { path: '^(cli|bin|scripts|tests)/' },
    },
    {
      name: 'cli-not-tooling',
      severity: 'error',
      comment: 'Tests and scripts use the CLI, not the other way round.',
      from: { path: '^cli/' },
      to: { path: '^(scripts|tests)/' },
    },
    {
      name: 'leaf-folders-stand-alone',
      severity: 'error',
      comment: 'cache, workers and diagnostics import nothing else of cli/ (but errors.ts and paths.ts).',
      from: { path: '^cli/(cache|workers|diagnostics)/' },
      to: { path: '^cli/', pathNot: [leaves, '^cli/$1/'] },
    },
    {
      name: 'content-stays-down',
      severity: 'error',
      from: { path: '^cli/content/' },
      to: {
        path: above(
          'compile',
          'generate',
          'media',
          'social',
          'resume',
          'pipeline',
          'dev',
          'init',
          'commands',
          'workers',
        ),
      },
    },
    {
      name: 'compile-stays-down',
      severity: 'error',
      from: { path: '^cli/compile/' },
      to: { path: above('generate', 'media', 'social', 'resume', 'pipeline', 'dev', 'init', 'commands') },
    },
    {
      name: 'generate-stays-down',
      severity: 'error',
      from: { path: '^cli/generate/' },
      to: { path: above('media', 'social', 'resume', 'pipeline', 'dev', 'init', 'commands') },
    },
    {
      name: 'media-stays-down',
      severity: 'error',
      comment: 'The images are encoded below the products that show them (the social cards).',
      from: { path: '^cli/media/' },
      to: { path: above('social', 'resume', 'pipeline', 'dev', 'init', 'commands') },
    },
    {
      name: 'products-stay-down',
      severity: 'error',
      from: { path: '^cli/(social|resume)/' },
      to: { path: above('pipeline', 'dev', 'init', 'commands') },
    },
    {
      name: 'feeds-stay-down',
      severity: 'error',
      comment:
        'The feeds are written from compiled posts (and fetched into the store): below the pipeline that writes them.',
      from: { path: '^cli/feeds/' },
      to: { path: above('compile', 'generate', 'media', 'social', 'resume', 'pipeline', 'dev', 'init', 'commands') },
    },
    {
      name: 'pipeline-below-commands',
      severity: 'error',
      from: { path: '^cli/(pipeline|init)/' },
      to: { path: above('dev', 'init', 'commands').replace('init|', '') },
    },
    {
      name: 'dev-below-commands',
      severity: 'error',
      from: { path: '^cli/dev/' },
      to: { path: above('init', 'commands') },
    },
    {
      name: 'doctor-below-commands',
      severity: 'error',
      from: { path: '^cli/doctor/' },
      to: { path: above('pipeline', 'dev', 'init', 'commands', 'content', 'compile', 'generate') },
    },
    {
      name: 'analytics-stands-alone',
      severity: 'error',
      comment: 'The provider table is read by the build, the doctor and the tests; it imports nothing else of cli/.',
      from: { path: '^cli/analytics/' },
      to: { path: '^cli/', pathNot: '^cli/analytics/' },
    },
    {
      name: 'no-analytics-in-dev',
      severity: 'error',
      comment: 'Nothing of the tracker runs in portfolio dev: nothing the dev server loads reaches the provider table.',
      from: { path: '^cli/dev/' },
      to: { path: '^cli/analytics/', reachable: true },
    },
    {
      name: 'only-commands-use-doctor',
      severity: 'error',
      from: { path: '^cli/', pathNot: '^cli/(commands|doctor)/' },
      to: { path: '^cli/doctor/' },
    },
    {
      name: 'only-the-entry-uses-the-program',
      severity: 'error',
      from: { path: '^cli/', pathNot: '^cli/bin[.]ts$' },
      to: { path: '^cli/(program|bin)[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated modules, and the server bundles of builds in progress (site/.server-build/, removed
    // when each build ends): not sources.
    exclude: { path: '^site/(src/generated|[.]server-build)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
  },
}
