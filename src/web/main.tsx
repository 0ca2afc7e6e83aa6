import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { Providers } from './app/providers';
import { CatchUpWithHistory } from './app/catch-up-with-history';
import { AppRoutes, routesReady } from './app/router';
import { catalogLoaders, catalogsReady, registerCatalog } from './i18n/catalogs';
import './styles.css';

// Zod compiles object schemas with `new Function` when it may; our Content-Security-Policy
// forbids eval, so its probe was reported as a violation on every page (a browser "issue" that
// costs best practices in Lighthouse). Jitless mode never tries. Set on zod's own global config
// object rather than through zod, so the entry does not download zod.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodConfig.__zod_globalConfig ??= {}), { jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

/** Pages whose first render is sliced (below), besides any page the server drew a copy of. */
const SLICED_FIRST_RENDER =
  /^\/((events|search|vendors|categories|blog|help|pricing)\/?)?$|^\/blog\/[^/]+\/?$|^\/event\/[^/]+\/seats\/?$/;

/** The server's copy of the page's first view is on screen (server-first-view.ts swaps it). */
const hasServerCopy = () => document.querySelector('#mea-ssr > [data-first-view]') !== null;

// The shell's messages (header, footer, menus) in the page's language, and those of every
// feature module the first paint imports, before the first paint (scripts/lingui-vite.mjs);
// and, on any page but home, the route table (app/router.tsx). A table that fails to load is
// retried by the first render, whose error screen offers the reload.
registerCatalog('locales', catalogLoaders(import.meta.glob('./locales/*.po')));
const tableReady = routesReady(window.location.pathname).catch(() => undefined);
void Promise.all([catalogsReady(), tableReady]).then(() => {
  const app = createRoot(root);
  const render = () =>
    app.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter>
            <CatchUpWithHistory />
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  // The first render of home and of the event lists (the shell, the hero or the filters, a
  // dozen cards) was one task of a second or more on a phone, during which a tap waited. Under
  // their first view from the server (decision 115) nothing of the app is on screen yet, so it
  // may render as a transition: React renders it in 5 ms slices and swaps the copy when it
  // commits, as before. The seat page too: its first view's map takes clicks meanwhile. The
  // event and vendor pages' urgent first render was one task of 0.3-0.4 s at 4x CPU.
  if (SLICED_FIRST_RENDER.test(window.location.pathname) || hasServerCopy())
    startTransition(render);
  else render();
});
