/**
 * The analytics providers a portfolio can choose (`analytics:` in portfolio.yaml), each as the tags
 * its own documentation gives and the origins those tags load from and send to. The build puts the
 * tags into every page and exactly these origins into the page's Content-Security-Policy
 * (script-src and connect-src); `portfolio doctor` checks a policy against the same origins. Plain
 * data and string functions: this folder imports nothing else of cli/, so the pipeline, the doctor
 * and the tests read one table. The dev server never imports it (the import rules say so): nothing
 * here runs in `portfolio dev`.
 */

/** The providers, in the order docs/content.md lists them; schema/portfolio.schema.json has the same enum. */
export const ANALYTICS_PROVIDERS = ['plausible', 'umami', 'goatcounter', 'cloudflare'] as const

export type AnalyticsProvider = (typeof ANALYTICS_PROVIDERS)[number]

/** `analytics:` as the content gives it (the schema's shape, restated so the doctor need not import cli/content). */
export interface AnalyticsConfig {
  provider: AnalyticsProvider
  /** The provider's id of the site: Plausible's script id (pa-…) or domain, Umami's website id, GoatCounter's code, Cloudflare's token. */
  siteId: string
  /** An https address of a self-hosted instance or a proxy, which serves the script and takes the page views instead of the provider. */
  host?: string
}

/** What a page needs for the tracker: its tags, and the origins the policy must allow for them. */
export interface AnalyticsTags {
  /** HTML for the end of <head>. */
  head: string
  /** Origins the tracker's script loads from (script-src). */
  scriptSrc: string[]
  /** Origins the tracker sends page views to (connect-src: fetch and sendBeacon). */
  connectSrc: string[]
}

/** Providers that cannot be given a host: Cloudflare Web Analytics has no self-hosted instance and documents no proxy. */
export const HOSTLESS_PROVIDERS: readonly AnalyticsProvider[] = ['cloudflare']

/** The tags and origins of a provider's tracker. */
export function analyticsTags(config: AnalyticsConfig): AnalyticsTags {
  const host = config.host?.replace(/\/+$/, '')
  const id = config.siteId
  switch (config.provider) {
    case 'plausible':
      return plausible(host ?? 'https://plausible.io', id)
    case 'umami':
      return umami(host, id)
    case 'goatcounter':
      return goatcounter(host, id)
    case 'cloudflare':
      return cloudflare(id)
  }
}

/**
 * https://plausible.io/docs/script-update-guide (October 2025): each site has its own script,
 * /js/pa-<id>.js, and an inline stub that queues calls until it loads; a site id that is not a
 * script id is a domain, for the earlier `data-domain` snippet, which Plausible still serves. Both
 * send to /api/event on the script's origin, and both count pushState navigations and back/forward
 * themselves (https://plausible.io/docs/spa-support).
 */
function plausible(base: string, id: string): AnalyticsTags {
  const origins = { scriptSrc: [originOf(base)], connectSrc: [originOf(base)] }
  if (/^pa-/.test(id))
    return {
      head:
        `<script async src="${attribute(`${base}/js/${id}.js`)}"></script>\n` + `<script>${PLAUSIBLE_STUB}</script>`,
      ...origins,
    }
  return {
    head: `<script defer data-domain="${attribute(id)}" src="${attribute(`${base}/js/script.js`)}"></script>`,
    ...origins,
  }
}

/** Plausible's stub as its snippet gives it; inline, so the page's policy allows it by its hash. */
const PLAUSIBLE_STUB =
  'window.plausible=window.plausible||function(){(plausible.q=plausible.q||[]).push(arguments)},plausible.init=plausible.init||function(i){plausible.o=i||{}};plausible.init()'

/**
 * https://umami.is/docs/tracker-configuration: `data-website-id`, and page views go to
 * `data-host-url` (else wherever the script was built to send them). Umami Cloud's script sends to
 * https://gateway.umami.is/api/send, not to its own origin (umami-software/umami#4326: it moved
 * there from api-gateway.umami.dev in June 2026). With a host, data-host-url is written out, so the
 * page views go where the policy allows whatever the script was built with. The tracker counts
 * pushState and replaceState navigations itself (its src/tracker/index.js hooks both).
 */
function umami(host: string | undefined, id: string): AnalyticsTags {
  if (!host)
    return {
      head: `<script defer src="https://cloud.umami.is/script.js" data-website-id="${attribute(id)}"></script>`,
      scriptSrc: ['https://cloud.umami.is'],
      connectSrc: ['https://gateway.umami.is'],
    }
  return {
    head: `<script defer src="${attribute(`${host}/script.js`)}" data-website-id="${attribute(id)}" data-host-url="${attribute(host)}"></script>`,
    scriptSrc: [originOf(host)],
    connectSrc: [originOf(host)],
  }
}

/**
 * https://www.goatcounter.com/help/js and https://www.goatcounter.com/help/csp: count.js from gc.zgo.at, page views to
 * https://<code>.goatcounter.com/count by sendBeacon (connect-src; an <img> is its fallback, which
 * img-src https: already allows). A self-hosted instance, or a custom domain, serves both count.js
 * and /count, and knows the site by its address. count.js counts the page it loads on and nothing
 * after: GoatCounter's answer for single-page apps (https://www.goatcounter.com/code/spa) is a call
 * of goatcounter.count() per navigation, which NAVIGATION_COUNTER makes.
 */
function goatcounter(host: string | undefined, id: string): AnalyticsTags {
  const endpoint = host ? `${host}/count` : `https://${id}.goatcounter.com/count`
  const script = host ? `${host}/count.js` : 'https://gc.zgo.at/count.js'
  return {
    head:
      `<script>${NAVIGATION_COUNTER}</script>\n` +
      `<script data-goatcounter="${attribute(endpoint)}" async src="${attribute(script)}"></script>`,
    scriptSrc: [originOf(script)],
    connectSrc: [originOf(endpoint)],
  }
}

/**
 * Counts each client-side navigation once with GoatCounter: after pushState or replaceState (the
 * router's navigations) and on back/forward (popstate), when the path or query changed (a new #hash
 * is the same page). Inline, allowed by its hash, and only in pages that use GoatCounter, so the
 * app's bundle does not grow. The count waits 300 ms, as Umami's tracker does, for the new page's
 * title. count.js itself counts the page it loads on.
 */
export const NAVIGATION_COUNTER =
  '(function(){var l=location,h=history,p=l.pathname+l.search;function c(){var n=l.pathname+l.search;if(n===p)return;p=n;setTimeout(function(){var g=window.goatcounter;g&&g.count&&g.count({path:n})},300)}' +
  "['pushState','replaceState'].forEach(function(m){var f=h[m];h[m]=function(){var r=f.apply(this,arguments);c();return r}});addEventListener('popstate',c)})()"

/**
 * https://developers.cloudflare.com/web-analytics/get-started/web-analytics-spa/: beacon.min.js
 * with the token in data-cf-beacon; it counts pushState navigations and back/forward itself.
 * Its policy (https://developers.cloudflare.com/fundamentals/reference/policies-compliances/content-security-policies/):
 * script-src static.cloudflareinsights.com, connect-src cloudflareinsights.com.
 */
function cloudflare(id: string): AnalyticsTags {
  return {
    head: `<script defer src="https://static.cloudflareinsights.com/beacon.min.js" data-cf-beacon="${attribute(JSON.stringify({ token: id }))}"></script>`,
    scriptSrc: ['https://static.cloudflareinsights.com'],
    connectSrc: ['https://cloudflareinsights.com'],
  }
}

/** The site's own page with the tracker's tags at the end of its <head>, and the origins to allow. */
export function withAnalytics(
  page: string,
  config: AnalyticsConfig | undefined,
): { page: string; scriptSrc: string[]; connectSrc: string[] } {
  if (!config) return { page, scriptSrc: [], connectSrc: [] }
  const tags = analyticsTags(config)
  return {
    page: page.replace('</head>', () => `${tags.head}\n  </head>`),
    scriptSrc: tags.scriptSrc,
    connectSrc: tags.connectSrc,
  }
}

function originOf(url: string): string {
  return new URL(url).origin
}

/** The content validates these values; escaped all the same, so no value can end the attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
