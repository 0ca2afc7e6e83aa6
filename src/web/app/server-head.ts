import type { PageData } from '../../contracts/page-data';

/**
 * The server writes the first page's own title, description and preview tags into the HTML
 * (`data-page-head`). They describe that page only: once the app moves to another page
 * they go, and the generic title stands until a page renders its own <title>.
 */
export function dropServerHead(appName = 'MEA Events'): void {
  const tags = document.head.querySelectorAll('[data-page-head]');
  if (!tags.length) return;
  tags.forEach((tag) => tag.remove());
  if (!document.head.querySelector('title')) {
    const title = document.createElement('title');
    title.textContent = appName;
    document.head.prepend(title);
  }
}

/**
 * The data the server wrote into this page for `path` (contracts/page-data.ts) if it is of the
 * given kind, or null: none was written, or it belongs to the page the app first opened, not
 * this one.
 */
export function pageDataFor<K extends PageData['kind']>(
  path: string,
  kind: K,
): Extract<PageData, { kind: K }> | null {
  const text = document.getElementById('mea-page-data')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PageData;
    return data.path === path && data.kind === kind
      ? (data as Extract<PageData, { kind: K }>)
      : null;
  } catch {
    return null;
  }
}
