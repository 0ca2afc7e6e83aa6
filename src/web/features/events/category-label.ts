import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { EVENT_CATEGORIES } from '../../../contracts/enums';

// The categories are fixed values the API stores and filters on (in English); only the label a
// person reads is translated.
const CATEGORY_LABELS: Record<(typeof EVENT_CATEGORIES)[number], MessageDescriptor> = {
  Conference: msg`Conference`,
  Convention: msg`Convention`,
  Festival: msg`Festival`,
  Fundraiser: msg`Fundraiser`,
  Gala: msg`Gala`,
  Meeting: msg`Meeting`,
  Networking: msg`Networking`,
  'Non-Profit Event': msg`Non-Profit Event`,
  'Open House': msg`Open House`,
  Party: msg`Party`,
  Performance: msg`Performance`,
  'Professional Event': msg`Professional Event`,
  Retreat: msg`Retreat`,
  Reunion: msg`Reunion`,
  Screening: msg`Screening`,
  Seminar: msg`Seminar`,
  'Sporting Event or Competition': msg`Sporting Event or Competition`,
  Tasting: msg`Tasting`,
  Tour: msg`Tour`,
  Trip: msg`Trip`,
  Wedding: msg`Wedding`,
  'Workshop or Class': msg`Workshop or Class`,
  Workshop: msg`Workshop`,
  Music: msg`Music`,
  Arts: msg`Arts`,
  Business: msg`Business`,
  Sports: msg`Sports`,
  Food: msg`Food`,
  Other: msg`Other`,
};

/** A function naming a category in the page's language (an unknown name shows as stored). */
export function useCategoryLabel(): (category: string) => string {
  const { i18n } = useLingui();
  return (category) => {
    const label = CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS];
    return label ? i18n._(label) : category;
  };
}
