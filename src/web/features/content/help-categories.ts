import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { HELP_CATEGORIES } from '../../../contracts/content';

// The server keeps a category's English name; readers see it in their language.
export const HELP_CATEGORY_LABELS: Record<
  (typeof HELP_CATEGORIES)[number]['slug'],
  MessageDescriptor
> = {
  'getting-started': msg`Getting started`,
  'tickets-and-payments': msg`Tickets and payments`,
  organizers: msg`Organizers`,
  vendors: msg`Vendors`,
  venues: msg`Venues`,
  'account-and-security': msg`Account and security`,
};

/** The category's name in the reader's language; an unknown slug shows as it is. */
export function useHelpCategoryName() {
  const { i18n } = useLingui();
  return (slug: string) => {
    const label = HELP_CATEGORY_LABELS[slug as keyof typeof HELP_CATEGORY_LABELS];
    return label ? i18n._(label) : slug;
  };
}
