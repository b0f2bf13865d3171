import { describe, expect, it } from 'vitest'
import { listRoutes } from '../../cli/pipeline/list-routes.ts'
import { sitemapXml } from '../../cli/pipeline/seo-files.ts'
import { matchPath } from '../../site/src/route-match.ts'
import { projectCount, techPages, techSlug } from '../../site/src/technologies.ts'

/** A URL segment as listRoutes accepts it (and as every file name on disk is safe). */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

describe('techSlug', () => {
  it.each([
    ['MongoDB', 'mongodb'],
    ['Node.js', 'node-js'],
    ['Next.js', 'next-js'],
    ['Google OAuth 2.0', 'google-oauth-2-0'],
    ['Tailwind CSS', 'tailwind-css'],
    ['express-rate-limit', 'express-rate-limit'],
    ['C', 'c'],
    ['C++', 'c-plus-plus'],
    ['C#', 'c-sharp'],
    ['F#', 'f-sharp'],
    ['.NET', 'dot-net'],
    ['ASP.NET Core', 'asp-net-core'],
    ['R&D tooling', 'r-and-d-tooling'],
    ['Señor Café', 'senor-cafe'],
    ['  Vue 3  ', 'vue-3'],
  ])('%s -> %s', (name, slug) => {
    expect(techSlug(name)).toBe(slug)
  })

  it('keeps names that differ by a symbol apart: Node.js and Next.js, C, C++ and C#', () => {
    const slugs = ['Node.js', 'Next.js', 'C', 'C++', 'C#', '.NET', 'NET'].map(techSlug)
    expect(new Set(slugs).size).toBe(slugs.length)
  })

  it('gives a name without ASCII letters or digits a stable hashed slug, different per name', () => {
    const a = techSlug('微信小程序')
    const b = techSlug('支付宝')
    expect(a).toMatch(/^tech-[a-z0-9]+$/)
    expect(b).toMatch(/^tech-[a-z0-9]+$/)
    expect(a).not.toBe(b)
    // The same name always gives the same slug (the URL must not change from one build to the next);
    // the value is pinned so a change to the hash shows up here, not as broken links in the wild.
    expect(techSlug('微信小程序')).toBe(a)
    expect(a).toBe('tech-1vr2s4n')
  })

  it('always gives a slug the route list accepts', () => {
    for (const name of ['', '+', '#', '...', '日本', 'Ω', 'a--b', '-x-', 'A_B', 'x'.repeat(80)])
      expect(techSlug(name), JSON.stringify(name)).toMatch(SLUG)
  })
})

describe('techPages', () => {
  const projects = [
    { id: 'shop', tech: ['React', 'MongoDB', 'Redis'] },
    { id: 'todo', tech: ['React', 'MongoDB', 'Chart.js'] },
    { id: 'auth', tech: ['React', 'MySQL'] },
    { id: 'blog', tech: ['Vue', 'MySQL', 'MongoDB'] },
  ]

  it('lists each technology two or more projects use, most used first, then by name', () => {
    expect(techPages(projects)).toEqual([
      { name: 'MongoDB', slug: 'mongodb', projectIds: ['shop', 'todo', 'blog'] },
      { name: 'React', slug: 'react', projectIds: ['shop', 'todo', 'auth'] },
      { name: 'MySQL', slug: 'mysql', projectIds: ['auth', 'blog'] },
    ])
  })

  it('counts a project once even when it names a technology twice', () => {
    expect(techPages([{ id: 'a', tech: ['Redis', 'Redis'] }])).toEqual([])
  })

  it('says how many projects match, in the singular for one', () => {
    expect(projectCount(3, 'MongoDB')).toBe('3 projects use MongoDB')
    expect(projectCount(1, 'Redis')).toBe('1 project uses Redis')
  })
})

describe('routes of the tech pages', () => {
  it('are prerendered at /projects/tech/<slug> and listed in the sitemap', () => {
    const pages = techPages([
      { id: 'a', tech: ['Node.js', 'Next.js'] },
      { id: 'b', tech: ['Node.js', 'Next.js'] },
    ])
    const routes = listRoutes(['a', 'b'], pages)
    expect(routes.filter((r) => r.url.startsWith('/projects/tech/'))).toEqual([
      { url: '/projects/tech/next-js', file: 'projects/tech/next-js/index.html', status: 200, cards: ['a', 'b'] },
      { url: '/projects/tech/node-js', file: 'projects/tech/node-js/index.html', status: 200, cards: ['a', 'b'] },
    ])
    const sitemap = sitemapXml(routes, 'https://jane.dev', '/sub/')
    expect(sitemap).toContain('<loc>https://jane.dev/sub/projects/tech/node-js</loc>')
    expect(sitemap).toContain('<loc>https://jane.dev/sub/projects/tech/next-js</loc>')
  })

  it('are matched by the site as tech pages, never as a project with the id "tech"', () => {
    expect(matchPath('/projects/tech/node-js')).toEqual({ id: 'tech', techSlug: 'node-js' })
    expect(matchPath('/projects/tech/node-js/')).toEqual({ id: 'tech', techSlug: 'node-js' })
    expect(matchPath('/projects/node-js')).toEqual({ id: 'project', projectId: 'node-js' })
    expect(matchPath('/projects/tech/a/b')).toEqual({ id: 'not-found' })
  })
})
