import { useLingui } from '@lingui/react/macro';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_TOAST_MS, MAX_VISIBLE_TOASTS } from '../../contracts/limits';
import { LanguageProvider } from '../i18n/lingui-react';
import { lazyPage } from './lazy-page';

// The toaster is not part of the first paint: its code (sonner) loads once the browser is idle,
// and toasts raised before then appear when it mounts (lib/toast.ts).
const Toaster = lazyPage(() => import('sonner').then((module) => module.Toaster));

function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 200);
  return () => clearTimeout(id);
}

/**
 * App-wide context: the language (re-rendering every message when it changes), the query cache
 * and the toaster (spec §9: one toast at a time, 5 s).
 */
export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const [showToaster, setShowToaster] = useState(false);
  useEffect(() => whenIdle(() => setShowToaster(true)), []);
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        {showToaster && (
          <Suspense fallback={null}>
            <LocalizedToaster />
          </Suspense>
        )}
      </QueryClientProvider>
    </LanguageProvider>
  );
}

/** sonner's own English labels (the toast region, each close button) in the page's language. */
function LocalizedToaster() {
  const { t } = useLingui();
  return (
    <Toaster
      visibleToasts={MAX_VISIBLE_TOASTS}
      duration={DEFAULT_TOAST_MS}
      closeButton
      richColors
      position="bottom-right"
      containerAriaLabel={t`Notifications`}
      toastOptions={{ closeButtonAriaLabel: t`Close toast` }}
    />
  );
}
