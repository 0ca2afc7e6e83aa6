import { isEuCountry, vatPrefixOf } from './vat-id';

/**
 * EU reverse charge (decision 060): the buyer accounts for the VAT instead of the seller when
 * the organizer enabled it, both are in the EU, in different member states, and the buyer gave
 * a VAT ID of a valid format. Anything unknown (no seller country, no ID) means normal VAT.
 */
export function reverseChargeApplies(params: {
  organizerCountry: string | null | undefined;
  buyerCountry: string | null | undefined;
  vatId: string | null | undefined;
  /** Whether the VAT ID passed the offline format and check-digit test for the buyer's country. */
  vatIdValid?: boolean;
  enabled: boolean;
}): boolean {
  const { organizerCountry, buyerCountry, vatId, enabled } = params;
  if (!enabled || !organizerCountry || !buyerCountry || !vatId) return false;
  if (params.vatIdValid === false) return false;
  if (!isEuCountry(organizerCountry) || !isEuCountry(buyerCountry)) return false;
  return vatPrefixOf(organizerCountry) !== vatPrefixOf(buyerCountry);
}
