/** Cents as a price people read: 1999 USD → "$19.99"; 0 → "Free". */
export function formatMoney(cents: number, currency: string, options: { free?: string } = {}) {
  if (cents === 0 && options.free) return options.free;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
