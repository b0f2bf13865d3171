import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { serveDist } from '../../cli/dev/serve-dist.ts'
import { contentWithPosts } from '../helpers/writing-content.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string
    baseSiteUrl: string
    siteDir: string
    /** The shipped content with the writing fixture's posts (tests/fixtures/writing/posts/), built at /. */
    postsSiteUrl: string
    postsSiteDir: string
    /** tests/fixtures/i18n (English, with French, Arabic and Hindi translations), built under /intl/. */
    i18nSiteUrl: string
    i18nSiteDir: string
  }
}

/** The languages' site is served under a base path, so a language's prefix is tested beside one. */
const I18N_BASE = '/intl/'

/**
 * Builds the shipped content twice (at / and under a --base prefix), once more with the writing
 * fixture's posts (at /), and the languages' fixture (under /intl/), and serves the four on 127.0.0.1.
 */
export default async function setup(project: TestProject) {
  const repo = path.resolve(import.meta.dirname, '../..')
  const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-e2e-'))
  const siteDir = path.join(work, 'site')
  const baseDir = path.join(work, 'site-base')
  const postsDir = path.join(work, 'site-posts')
  const postsRoot = await contentWithPosts(work)
  const i18nDir = path.join(work, 'site-i18n')
  const i18nRoot = path.join(work, 'i18n')
  cpSync(path.join(repo, 'tests/fixtures/i18n'), i18nRoot, { recursive: true })
  const base = '/my-portfolio/'
  for (const [root, outDir, prefix] of [
    [repo, siteDir, '/'],
    [repo, baseDir, base],
    [postsRoot, postsDir, '/'],
    [i18nRoot, i18nDir, I18N_BASE],
  ] as const) {
    const result = await runBuild({ root, outDir, base: prefix })
    if (!result.compiled)
      throw new Error(
        `e2e build failed:\n${result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`,
      )
  }
  const site = await serveDist(siteDir, { base: '/', port: 0 })
  const prefixed = await serveDist(baseDir, { base, port: 0 })
  project.provide('siteUrl', site.url)
  project.provide('baseSiteUrl', prefixed.url)
  project.provide('siteDir', siteDir)
  const posts = await serveDist(postsDir, { base: '/', port: 0 })
  project.provide('postsSiteUrl', posts.url)
  project.provide('postsSiteDir', postsDir)
  const i18n = await serveDist(i18nDir, { base: I18N_BASE, port: 0 })
  project.provide('i18nSiteUrl', i18n.url)
  project.provide('i18nSiteDir', i18nDir)
  return async () => {
    await new Promise((resolve) => site.server.close(resolve))
    await new Promise((resolve) => prefixed.server.close(resolve))
    await new Promise((resolve) => posts.server.close(resolve))
    await new Promise((resolve) => i18n.server.close(resolve))
    rmSync(work, { recursive: true, force: true })
  }
}
