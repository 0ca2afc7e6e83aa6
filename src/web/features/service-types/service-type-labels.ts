import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { VENDOR_MESSAGES, type VendorServiceType } from '../../../contracts/vendors';

// The vendor service types are fixed values the API stores and filters on (in English); only the
// label a person reads is translated, here once for every feature that shows one (the vendor
// pages, sign-up, the home page's services strip), in this folder's own small catalog. A vendor
// without a type shows the contract's default, "Vendor".
export const SERVICE_TYPE_LABELS: Record<VendorServiceType, MessageDescriptor> = {
  DJ: msg`DJ`,
  'Host/MC': msg`Host/MC`,
  Host: msg`Host`,
  Speaker: msg`Speaker`,
  Caterer: msg`Caterer`,
  Promoter: msg`Promoter`,
  'Mixologist/Bartender': msg`Mixologist/Bartender`,
  Photographer: msg`Photographer`,
  Videographer: msg`Videographer`,
  'Tent Rental': msg`Tent Rental`,
  'Table Rental': msg`Table Rental`,
  'Chair Rental': msg`Chair Rental`,
  'Food Truck': msg`Food Truck`,
  'Lighting Equipment': msg`Lighting Equipment`,
  'Sound Equipment': msg`Sound Equipment`,
  'Event Rental Equipment': msg`Event Rental Equipment`,
  Florist: msg`Florist`,
  'Wedding Planner': msg`Wedding Planner`,
  'Event Planner': msg`Event Planner`,
  'Event Decorator': msg`Event Decorator`,
  'Security Services': msg`Security Services`,
  'Transportation Services': msg`Transportation Services`,
  'Live Band': msg`Live Band`,
  Entertainment: msg`Entertainment`,
  'Makeup Artist': msg`Makeup Artist`,
  'Hair Stylist': msg`Hair Stylist`,
  'Photo Booth': msg`Photo Booth`,
  'Event Coordinator': msg`Event Coordinator`,
  Musicians: msg`Musicians`,
  'Sound/Light Techs': msg`Sound/Light Techs`,
  Artist: msg`Artist`,
  Other: msg`Other`,
};

const DEFAULT_CATEGORY = msg`Vendor`;

/** A function naming a service type in the page's language (an unknown name shows as stored). */
export function useServiceTypeLabel(): (category: string) => string {
  const { i18n } = useLingui();
  return (category) => {
    if (category === VENDOR_MESSAGES.defaultCategory) return i18n._(DEFAULT_CATEGORY);
    const label = SERVICE_TYPE_LABELS[category as VendorServiceType];
    return label ? i18n._(label) : category;
  };
}
