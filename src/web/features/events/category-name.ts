import { categorySlug, EVENT_CATEGORIES } from '../../../contracts/enums';

/** The category a /categories/{slug} path names, or null for an unknown slug. */
export function categoryForSlug(slug: string): (typeof EVENT_CATEGORIES)[number] | null {
  return EVENT_CATEGORIES.find((name) => categorySlug(name) === slug) ?? null;
}
