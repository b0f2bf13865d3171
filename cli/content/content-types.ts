/**
 * The content's types, generated from the JSON Schemas (schema/*.schema.json) by
 * json-schema-to-typescript: every stage after validation takes these, not untyped records. The one
 * module the CLI imports them from. schema-types.ts is written by scripts/write-content-types.ts
 * (git ignores it), which `npm run build:cli`, `npm run typecheck` and the tests' setup run before
 * tsc, so the types follow the schemas; the import is type-only, so nothing loads it at run time.
 */
export type {
  DatabaseSection,
  DiagramsSection,
  ErDiagram,
  OutlineEntry,
  Portfolio,
  Post,
  PostPart,
  PostSummary,
  Project,
  ProjectCard,
  RenderedDiagram,
  RenderedPost,
  RenderedProject,
  RenderedSection,
  ResponsiveImage,
  Section,
  SitePortfolio,
} from './schema-types.ts'
