import { i18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import {
  startTransition,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';

// What the `<Trans>` and `useLingui` macros compile to (lingui.config.ts runtimeConfigModule).
// Inside the app's I18nProvider they re-render when the language changes; outside one (a
// component test) they read the shared instance instead of throwing.
const outsideProvider = { i18n, _: i18n.t.bind(i18n), defaultComponent: undefined };

export function useLingui() {
  return useContext(LinguiContext) ?? outsideProvider;
}

type TransProps = ComponentProps<typeof TransNoContext>;

/** @public What the `<Trans>` macro compiles to (lingui.config.ts runtimeConfigModule). */
export function Trans(props: Omit<TransProps, 'lingui'>) {
  return <TransNoContext {...({ ...props, lingui: useLingui() } as TransProps)} />;
}

/**
 * Re-renders every message when the language changes or a catalog arrives. Lingui's own
 * I18nProvider does the same, but importing it from the shell split the first load into ten
 * more files (+0.9 KB gzip, measured with bench/bundle-size.ts).
 *
 * A language switch re-renders at once. A catalog arriving in the language already shown (each
 * lazily loaded part of the page brings its own, a dozen on the home page) re-renders as a
 * transition: the parts that need it wait for it before they render (lazyPage), so nothing on
 * screen is missing a message meanwhile, and React renders the whole tree again in slices that
 * leave the main thread free instead of one long task per catalog.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [context, setContext] = useState(() => ({ ...outsideProvider }));
  useEffect(() => {
    let shownLocale = i18n.locale;
    return i18n.on('change', () => {
      const render = () => setContext({ ...outsideProvider });
      if (i18n.locale === shownLocale) return startTransition(render);
      shownLocale = i18n.locale;
      render();
    });
  }, []);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}
