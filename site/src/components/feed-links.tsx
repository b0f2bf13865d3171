import { feedLinks } from '../feeds.ts'
import { useBasename } from '../hooks/use-asset-url.ts'
import { useStrings } from '../i18n/language-context.ts'
import { siteFile } from '../paths.ts'
import { Icon } from './icon.tsx'

/** The visible links to the feeds (the head names them too), Atom first: the default. */
export function FeedLinks() {
  const basename = useBasename()
  const strings = useStrings()
  return (
    <div className="feed-links">
      <Icon name="rss" size={18} />
      <span id="feed-links-title">{strings.subscribe}</span>
      <ul aria-labelledby="feed-links-title">
        {feedLinks.map((feed) => (
          <li key={feed.file}>
            <a href={siteFile.url(basename, feed.file)} type={feed.type}>
              {feed.format}
              <span className="visually-hidden">{strings.feedSuffix}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
