// `npm run build:cli` runs this after tsc: node lib/cli/prepare/main.js
import { writePrebuilt } from './write-prebuilt.ts'

const written = await writePrebuilt()
process.stdout.write(`prebuilt ${written.join(', ')}\n`)
