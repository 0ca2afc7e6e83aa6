import type { EventFilters } from './api';

export type PriceFilter = '' | 'free' | 'paid';

/** The filters of /events and /search as URL parameters, so a filtered list can be shared. */
export interface FilterParams {
  category: string;
  date: string;
  price: PriceFilter;
}

export function readFilterParams(params: URLSearchParams): FilterParams {
  const price = params.get('price');
  return {
    category: params.get('category') ?? '',
    date: /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? (params.get('date') ?? '') : '',
    price: price === 'free' || price === 'paid' ? price : '',
  };
}

export function writeFilterParams(params: URLSearchParams, filters: FilterParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['category', 'date', 'price'] as const) {
    if (filters[key]) next.set(key, filters[key]);
    else next.delete(key);
  }
  return next;
}

export function toEventFilters(filters: FilterParams): EventFilters {
  return {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.date ? { date: filters.date } : {}),
    ...(filters.price ? { isFree: filters.price === 'free' } : {}),
  };
}
