// Writes schema/portfolio.overlay.schema.json, schema/project.overlay.schema.json and
// schema/post.overlay.schema.json (a translated post's front matter), the schemas of the translation files, derived from the sources' (cli/content/i18n/overlay-schema.ts), so editors
// complete and check overlay files too. Committed beside the sources, as the package ships schema/
// as it is; tests/unit/i18n-overlay-schema.test.ts fails when they are not current. Run after
// editing a schema: npx tsx scripts/write-overlay-schemas.ts
import { writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { overlaySchemaFiles } from '../cli/content/i18n/overlay-schema-files.ts'

const schemaDirectory = fileURLToPath(new URL('../schema/', import.meta.url))

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  for (const [name, text] of overlaySchemaFiles()) writeFileSync(`${schemaDirectory}${name}`, text)
