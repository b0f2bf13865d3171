// The bench's pages (scripts/bench/content.ts writePeerInput), read where the bench wrote them.
import { defineCollection } from 'astro:content'
import { glob } from 'astro/loaders'
import { z } from 'astro/zod'

const base = process.env.BENCH_CONTENT
if (!base) throw new Error('BENCH_CONTENT names the folder of markdown pages to build')

export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base }),
    schema: z.object({ title: z.string() }),
  }),
}
