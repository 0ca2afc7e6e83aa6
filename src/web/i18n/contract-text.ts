import { i18n } from '@lingui/core';
import { useEffect } from 'react';
import { contractTextTranslator } from '../../contracts/contract-texts';
import { localeOrSource, SOURCE_LOCALE, type Locale } from '../../contracts/locales';
import { useLingui } from './lingui-react';

// The contracts' texts (the schemas' messages a form shows) in the page's language. Their
// catalog loads the first time a form shows one, not with the page: most pages never do.
type ContractTexts = { default: Record<string, unknown> };

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<ContractTexts>> = {
  es: () => import('mea-contract-texts:es'),
  fr: () => import('mea-contract-texts:fr'),
  de: () => import('mea-contract-texts:de'),
  'pt-BR': () => import('mea-contract-texts:pt-BR'),
  ar: () => import('mea-contract-texts:ar'),
};

const translators = new Map<Locale, (text: string) => string>();
const loading = new Set<Locale>();

async function loadContractTexts(locale: Locale): Promise<void> {
  if (locale === SOURCE_LOCALE || translators.has(locale) || loading.has(locale)) return;
  loading.add(locale);
  try {
    const messages = (await LOADERS[locale as Exclude<Locale, 'en'>]()).default;
    // The translator first: loading the messages re-renders the page, which then finds it.
    translators.set(
      locale,
      contractTextTranslator(Object.keys(messages), (id, values) => i18n._(id, values)),
    );
    i18n.load(locale, messages as Parameters<typeof i18n.load>[1]);
  } catch {
    // Offline or a stale deploy: the English stays, and the next form showing a text retries.
  } finally {
    loading.delete(locale);
  }
}

/** Says a contracts text (a schema's message, an API field message) in the page's language. */
export function useContractText(): (text: string) => string {
  const locale = localeOrSource(useLingui().i18n.locale);
  useEffect(() => void loadContractTexts(locale), [locale]);
  const translator = translators.get(locale);
  return (text) => (translator ? translator(text) : text);
}

/**
 * A contracts text outside a component (a toast): in the page's language once the contracts'
 * texts are loaded, as it is until then. A page that may show one calls `useContractText` so
 * they are loaded before anything happens.
 */
export function contractText(text: string): string {
  const locale = localeOrSource(i18n.locale);
  void loadContractTexts(locale);
  return translators.get(locale)?.(text) ?? text;
}
