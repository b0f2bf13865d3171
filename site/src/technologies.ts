/**
 * Find a project by technology (issue 48, part 3): the technologies the projects name, each with the
 * slug of its page, `/projects/tech/<slug>`. One module for the browser (filter chips, the tech page),
 * the server render and the CLI (which pages to prerender, cli/content/rules/technologies.ts for
 * names that would share a slug), so they can never disagree about a URL.
 */

/** A technology used by at least MIN_PROJECTS projects has a page of its own (a filter with one result adds nothing to its card). */
export const MIN_PROJECTS = 2

export interface Technology {
  /** As the first project that names it spells it. */
  name: string
  slug: string
  /** The projects that use it, in the order given. */
  projectIds: string[]
}

/**
 * The URL segment of a technology: lowercase ASCII words joined by hyphens, with the symbols that
 * tell technologies apart spelled out (`C++` c-plus-plus, `C#` c-sharp, `.NET` dot-net, `Node.js`
 * node-js), and accents dropped. It depends on the name alone, so a page's URL stays the same
 * whatever else changes. A name with no ASCII letter or digit (`微信小程序`) gets `tech-` and a hash
 * of the name: stable, and never empty. Two names with one slug are a validation error
 * (TECH_SLUG_COLLISION), so a slug names one technology.
 */
export function techSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^\./, 'dot ')
    .replace(/\+/g, ' plus ')
    .replace(/#/g, ' sharp ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  if (slug) return slug
  // FNV-1a over the code points: a few bytes of code where a hash library would be kilobytes.
  let hash = 0x811c9dc5
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193)
  return `tech-${(hash >>> 0).toString(36)}`
}

/**
 * The technologies that get a page: used by MIN_PROJECTS projects or more, most used first, then by
 * name. Keyed by slug, so two spellings of one slug count as one technology (validation reports them).
 */
export function techPages(projects: readonly { id: string; tech: readonly string[] }[]): Technology[] {
  const bySlug = new Map<string, Technology>()
  for (const { id, tech } of projects) {
    for (const name of tech) {
      const slug = techSlug(name)
      const known = bySlug.get(slug)
      if (!known) bySlug.set(slug, { name, slug, projectIds: [id] })
      else if (!known.projectIds.includes(id)) known.projectIds.push(id)
    }
  }
  return (
    [...bySlug.values()]
      .filter((t) => t.projectIds.length >= MIN_PROJECTS)
      // Two entries never share a name (they would share a slug), so names never tie.
      .sort((a, b) => b.projectIds.length - a.projectIds.length || (a.name < b.name ? -1 : 1))
  )
}

/** "1 project uses Redis", "3 projects use MongoDB". */
export const projectCount = (count: number, name: string): string =>
  count === 1 ? `1 project uses ${name}` : `${count} projects use ${name}`
