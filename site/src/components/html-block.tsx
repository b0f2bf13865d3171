/** Markdown compiled and sanitised at build time by the CLI; only ever generated content. */
export function HtmlBlock({ html, className = 'prose' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
