import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { serveDist } from '../../cli/dev/serve-dist.ts'
import { contentWithPosts } from '../helpers/writing-content.ts'
import { type CheckedContent, checkContent } from '../../cli/content/check-content.ts'
import { checkFileCached } from '../../cli/content/check-cache.ts'
import type { Project } from '../../cli/content/content-types.ts'
import { openStore } from '../../cli/cache/store.ts'

/** The shipped content as checkContent gives it, each project whole (its sections too). */
export type ShippedContent = Omit<CheckedContent, 'projects'> & { projects: Project[] }

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string
    baseSiteUrl: string
    siteDir: string
    /** The shipped content with the writing fixture's posts (tests/fixtures/writing/posts/), built at /. */
    postsSiteUrl: string
    postsSiteDir: string
    /** The shipped content as checkContent gives it, each project whole (tests/e2e/content.ts reads it). */
    shippedContent: ShippedContent
  }
}

/**
 * Builds the shipped content twice (at / and under a --base prefix), once more with the writing
 * fixture's posts (at /), and serves the three on 127.0.0.1; hands the files the shipped content
 * as checkContent gives it. (A site only one file reads is built by
 * that file, beside the others' tests: languages.test.ts.)
 */
export default async function setup(project: TestProject) {
  const repo = path.resolve(import.meta.dirname, '../..')
  const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-e2e-'))
  const siteDir = path.join(work, 'site')
  const baseDir = path.join(work, 'site-base')
  const postsDir = path.join(work, 'site-posts')
  const postsRoot = await contentWithPosts(work)
  const base = '/my-portfolio/'
  for (const [root, outDir, prefix] of [
    [repo, siteDir, '/'],
    [repo, baseDir, base],
    [postsRoot, postsDir, '/'],
  ] as const) {
    const result = await runBuild({ root, outDir, base: prefix })
    if (!result.compiled)
      throw new Error(
        `e2e build failed:\n${result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`,
      )
  }
  // Checked through the store the builds kept their checks in: nothing is parsed again.
  const store = openStore()
  const shipped = await checkContent(repo, { store })
  if (!shipped.content) throw new Error('shipped content does not validate')
  // The checked content leaves a project's sections to its compile: each project is taken whole
  // from its file's check, which the store holds.
  const projects = shipped.content.projects.map(({ id }) => {
    const file = `projects/${id}.yaml`
    return checkFileCached({ path: file, text: readFileSync(path.join(repo, file), 'utf8') }, 'project', store)
      .data as Project
  })
  project.provide('shippedContent', { ...shipped.content, projects })
  const site = await serveDist(siteDir, { base: '/', port: 0 })
  const prefixed = await serveDist(baseDir, { base, port: 0 })
  project.provide('siteUrl', site.url)
  project.provide('baseSiteUrl', prefixed.url)
  project.provide('siteDir', siteDir)
  const posts = await serveDist(postsDir, { base: '/', port: 0 })
  project.provide('postsSiteUrl', posts.url)
  project.provide('postsSiteDir', postsDir)
  return async () => {
    await new Promise((resolve) => site.server.close(resolve))
    await new Promise((resolve) => prefixed.server.close(resolve))
    await new Promise((resolve) => posts.server.close(resolve))
    rmSync(work, { recursive: true, force: true })
  }
}
