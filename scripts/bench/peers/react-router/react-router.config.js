import { readdirSync } from 'node:fs'
import { pageDirectory } from './app/pages.js'

// Framework mode, no server: every page prerendered at build time into build/client/, as a static
// host serves it. The build stays in this folder: its server bundle imports this folder's packages.
export default {
  ssr: false,
  prerender: () => [
    '/',
    ...readdirSync(pageDirectory())
      .filter((file) => file.endsWith('.md') && file !== 'index.md')
      .map((file) => `/${file.slice(0, -'.md'.length)}`),
  ],
}
