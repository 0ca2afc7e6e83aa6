import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { catalogLoaders, catalogsReady, registerCatalog } from './i18n/catalogs';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

// The shell's messages (header, footer, menus) in the page's language, and those of every
// feature module the first paint imports, before the first paint (scripts/lingui-vite.mjs).
registerCatalog('locales', catalogLoaders(import.meta.glob('./locales/*.po')));
void catalogsReady().then(() =>
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
