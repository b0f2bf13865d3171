import { readOverlaySchema, type OverlaySchemaName } from '../validate-schema.ts'

const NAMES: readonly OverlaySchemaName[] = ['portfolio.overlay', 'project.overlay', 'post.overlay']

/** The overlay schemas as the files in schema/ hold them: file name → JSON text. */
export function overlaySchemaFiles(): Map<string, string> {
  return new Map(NAMES.map((name) => [`${name}.schema.json`, `${JSON.stringify(readOverlaySchema(name), null, 2)}\n`]))
}
