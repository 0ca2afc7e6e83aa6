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
