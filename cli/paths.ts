import { fileURLToPath } from 'node:url'

/** The site app the CLI builds; generated modules go into its src/generated/. */
export const siteDirectory = fileURLToPath(new URL('../site/', import.meta.url))
export const generatedDirectory = fileURLToPath(new URL('../site/src/generated/', import.meta.url))
