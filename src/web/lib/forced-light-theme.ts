import { useEffect } from 'react';

/**
 * spec §2: the auth page is always light. Marks the document while the page is shown, so a
 * later dark theme (keyed on `data-theme`) leaves this page alone; restores the previous value.
 */
export function useForcedLightTheme(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.dataset.theme;
    const previousScheme = root.style.colorScheme;
    root.dataset.theme = 'light';
    root.style.colorScheme = 'light';
    return () => {
      if (previous === undefined) delete root.dataset.theme;
      else root.dataset.theme = previous;
      root.style.colorScheme = previousScheme;
    };
  }, []);
}
