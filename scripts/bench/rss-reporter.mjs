// Loaded with --import into each measured process: records its peak RSS (KiB) on exit.
import { appendFileSync } from 'node:fs'
const file = process.env.BENCH_RSS_FILE
if (file) process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS}\n`))
