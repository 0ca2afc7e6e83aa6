/** Share targets as plain links: nothing is loaded from these sites until someone clicks. */
export function shareLinks(url: string, title: string) {
  const text = `${title} ${url}`;
  return [
    {
      name: 'Email',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(text)}`,
    },
    {
      name: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}`,
    },
    {
      name: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(text)}` },
  ];
}

/** The address people open: the event page, with the secret of a private event. */
export function eventPageUrl(origin: string, id: string, access?: string | null): string {
  const url = new URL(`/event/${encodeURIComponent(id)}`, origin);
  if (access) url.searchParams.set('access', access);
  return url.href;
}
