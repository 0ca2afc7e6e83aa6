import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_MS, MAX_VISIBLE_TOASTS } from '../../contracts/limits';

/** App-wide context: the query cache and the toaster (spec §9: one toast at a time, 5 s). */
export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        visibleToasts={MAX_VISIBLE_TOASTS}
        duration={DEFAULT_TOAST_MS}
        closeButton
        richColors
        position="bottom-right"
      />
    </QueryClientProvider>
  );
}
