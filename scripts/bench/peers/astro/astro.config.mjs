// Astro as its docs set up a static site of markdown pages: a content collection, one page per entry.
import { defineConfig } from 'astro/config'

export default defineConfig({ output: 'static', outDir: process.env.BENCH_OUT ?? './dist' })
