import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { catalogLoaders, registerCatalog } from './i18n/catalogs';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

// The shell's messages (header, footer, menus) in the page's language, before the first paint.
// Each feature's catalog loads with that feature's code (scripts/lingui-vite.mjs).
void registerCatalog('locales', catalogLoaders(import.meta.glob('./locales/*.po'))).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
