import { strings as ar } from './catalogues/ar.ts'
import { strings as de } from './catalogues/de.ts'
import { en } from './catalogues/en.ts'
import { strings as es } from './catalogues/es.ts'
import { strings as fr } from './catalogues/fr.ts'
import { strings as hi } from './catalogues/hi.ts'
import { strings as ptBR } from './catalogues/pt-BR.ts'
import type { Strings } from './strings.ts'

/**
 * The catalogues shipped with the tool, by language tag. Read by the CLI, which merges a
 * portfolio's overrides into them and writes each language's module (cli/generate/strings-module.ts);
 * the site's bundle never imports this, only the generated modules.
 */
export const shippedCatalogues: ReadonlyMap<string, Strings> = new Map<string, Strings>([
  ['en', en],
  ['es', es],
  ['fr', fr],
  ['de', de],
  ['pt-BR', ptBR],
  ['hi', hi],
  ['ar', ar],
])
