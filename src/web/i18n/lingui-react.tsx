import { i18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import { useContext, type ComponentProps } from 'react';

// What the `<Trans>` and `useLingui` macros compile to (lingui.config.ts runtimeConfigModule).
// Inside the app's I18nProvider they re-render when the language changes; outside one (a
// component test) they read the shared instance instead of throwing.
const outsideProvider = { i18n, _: i18n.t.bind(i18n), defaultComponent: undefined };

export function useLingui() {
  return useContext(LinguiContext) ?? outsideProvider;
}

type TransProps = Omit<ComponentProps<typeof TransNoContext>, 'lingui'>;

export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={useLingui()} />;
}
