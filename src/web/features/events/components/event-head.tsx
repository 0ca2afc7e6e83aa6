import type { Event } from '../../../../contracts/events';
import { truncateText } from '../../../../contracts/text';
import { eventJsonLd } from '../structured-data';

/**
 * Title, description and Open Graph / Twitter tags for link previews. React 19 moves <title> and
 * <meta> into the document head and removes them when the page goes; the JSON-LD stays beside
 * the content, where search engines read it too.
 */
export function EventHead({ event }: { event: Event }) {
  const origin = window.location.origin;
  const pageUrl = `${origin}/event/${event.id}`;
  const description =
    truncateText(event.description.replace(/\s+/g, ' ').trim(), 200) || event.title;
  const image = event.coverImage ? new URL(event.coverImage.large, origin).href : null;
  return (
    <>
      <title>{`${event.title} · MEA Events`}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={event.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={pageUrl} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={event.title} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      {/* Data, not code: the browser never runs application/ld+json. */}
      <script type="application/ld+json">{eventJsonLd(event, pageUrl, origin)}</script>
    </>
  );
}
