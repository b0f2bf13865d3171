import { Parser } from 'htmlparser2'

/** What the output check needs of a page, taken as it is rendered: the page's text is not kept. */
export interface PageScan {
  /** Page file relative to the site folder, posix separators. */
  page: string
  ids: string[]
  /** Every href and src, decoded. */
  links: { attribute: string; value: string }[]
  /** The first inline event-handler attribute, if any. */
  handler?: string
  /** Set when the page has no <main>, or one that holds nothing a visitor sees: only whitespace,
   * comments and <template>s (what React leaves of a part that suspended, for the browser to render). */
  main?: 'missing' | 'empty'
  /** `<link rel="canonical">`'s href. */
  canonical?: string
  /** The `<link rel="alternate" hreflang>` set (a site with several languages). */
  alternates?: { hreflang: string; href: string }[]
}

/** Reads a page with an HTML parser (so quoting, case and entities are as a browser reads them). */
export function scanPage(page: string, html: string): PageScan {
  const ids: string[] = []
  const links: PageScan['links'] = []
  let handler: string | undefined
  let tag = ''
  /** Elements open inside <main> (0: outside), and inside a <template> there. */
  let mainDepth = 0
  let templateDepth = 0
  let sawMain = false
  let mainContent = false
  let canonical: string | undefined
  const alternates: { hreflang: string; href: string }[] = []
  /** The attributes of the <link> being read (a void element: closed as soon as it opens). */
  let link: { rel?: string; hreflang?: string; href?: string } | undefined
  // Attributes one by one rather than onopentag's object per element: the parser then builds none.
  const parser = new Parser(
    {
      onopentagname(name) {
        tag = name
        if (name === 'link') link = {}
        if (mainDepth > 0) {
          mainDepth++
          if (name === 'template' || templateDepth > 0) templateDepth++
          else mainContent = true
        } else if (name === 'main') {
          mainDepth = 1
          sawMain = true
        }
      },
      onattribute(name, value) {
        if (link && (name === 'rel' || name === 'hreflang' || name === 'href')) link[name] = value
        if (name === 'id') {
          if (value !== '') ids.push(value)
        } else if (name === 'href' || name === 'src') links.push({ attribute: name, value })
        else if (handler === undefined && /^on[a-z]+$/.test(name)) handler = `<${tag} ${name}="${value}">`.slice(0, 80)
      },
      ontext(text) {
        if (mainDepth > 0 && templateDepth === 0 && !mainContent && text.trim() !== '') mainContent = true
      },
      onclosetag(name) {
        if (name === 'link' && link) {
          const { rel, hreflang, href } = link
          if (rel === 'canonical' && href !== undefined) canonical = href
          if (rel === 'alternate' && hreflang !== undefined && href !== undefined) alternates.push({ hreflang, href })
          link = undefined
        }
        if (mainDepth === 0) return
        mainDepth--
        if (templateDepth > 0) templateDepth--
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  const main = !sawMain ? 'missing' : mainContent ? undefined : 'empty'
  return {
    page,
    ids,
    links,
    ...(handler ? { handler } : {}),
    ...(main ? { main } : {}),
    ...(canonical !== undefined ? { canonical } : {}),
    ...(alternates.length > 0 ? { alternates } : {}),
  }
}
