import { loadPage } from '../pages.js'

// Runs at build time only (ssr: false): the markdown is rendered here, the page gets HTML.
export const loader = ({ params }) => loadPage(params.slug)

export const meta = ({ data }) => [{ title: data?.title }]

export default function Page({ loaderData }) {
  return <main dangerouslySetInnerHTML={{ __html: loaderData.html }} />
}
