// The seat page's own script (a second entry of the build, a few KB), run before the app. On a
// phone's CPU the app takes seconds to start (its entry, the route table, the shell, the
// signed-in header), and while it starts a tap waits behind it on the one main thread. So this
// paints the map from the page's seating (first-view-map.ts) and lets a person choose seats on
// it, and starts the app only after the first interaction has taken effect, or once the page
// has been left alone for a moment (a screen reader's reading, a look at the map): the server
// wrote the app's tags into a template for it (page-preload.ts, `deferApp`).
//
// If the map cannot be painted (no seating in the page, an error), the app starts at once, as it
// would on a page without this script.
import { paintFirstView } from './first-view-map';

/** How long a page nobody touches waits before its app starts anyway. */
const UNTOUCHED_MS = 1500;
/** What counts as using the page: a click or tap (taken by the copy first), a key. */
const INTERACTIONS = ['click', 'touchend', 'keydown'] as const;

let started = false;

/** Adds the app's tags (its entry, its preloads) to the head, once. */
function startApp() {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, afterInteraction, true);
  const template = document.querySelector<HTMLTemplateElement>('template[data-app-start]');
  if (!template) return;
  document.head.append(document.importNode(template.content, true));
  template.remove();
}

/** The interaction's own effect (a seat marked on the copy) is painted before the app starts. */
function afterInteraction() {
  requestAnimationFrame(() => setTimeout(startApp, 0));
}

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

for (const type of INTERACTIONS)
  window.addEventListener(type, afterInteraction, { capture: true, passive: true });
let painted = false;
try {
  painted = paintFirstView();
} catch (error) {
  // Reported as an uncaught error would be; the app takes over.
  reportError(error);
}
if (painted) setTimeout(() => whenIdle(startApp), UNTOUCHED_MS);
else startApp();
