import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  VENDOR_GALLERY_MAX,
  VENDOR_MESSAGES,
  VENDOR_RATING_MAX,
  VENDOR_RATING_MIN,
} from '../../../contracts/vendors';

// The contract's vendor texts (VENDOR_MESSAGES) are English, shared with the server and checked
// by the schemas the forms use. The pages show them in the page's language: each text a page
// shows or a schema reports has its message here.
type VendorMessageKey = keyof typeof VENDOR_MESSAGES;

const maxImages = VENDOR_GALLERY_MAX;
const lowest = VENDOR_RATING_MIN;
const highest = VENDOR_RATING_MAX;

export const VENDOR_TEXT = {
  screenTitle: msg`Vendor Applications`,
  screenSubtitle: msg`Manage vendor requests for this event`,
  backToEvent: msg`Back to Event`,
  pendingTab: msg`Pending`,
  processedTab: msg`Processed`,
  pendingEmptyTitle: msg`No pending applications`,
  pendingEmptyBody: msg`When vendors apply to your events, they'll appear here.`,
  processedEmptyTitle: msg`No processed applications`,
  processedEmptyBody: msg`Applications that have been approved or rejected will appear here.`,
  unknownVendor: msg`Unknown Vendor`,
  defaultCategory: msg`Vendor`,
  loadFailed: msg`Failed to load vendor applications`,
  approveFailed: msg`Failed to approve vendor. Please try again.`,
  rejectFailed: msg`Failed to reject vendor. Please try again.`,
  permissionDeniedTitle: msg`Permission Denied`,
  onlyCreatorApprove: msg`Only the event creator can approve vendor applications`,
  onlyCreatorReject: msg`Only the event creator can reject vendor applications`,
  approvedToastTitle: msg`Vendor approved`,
  approvedToast: msg`The vendor was approved and notified.`,
  paymentRequestedToast: msg`The vendor was approved and asked to pay the vendor fee.`,
  checkoutFailedToastTitle: msg`Payment link failed`,
  checkoutFailedToast: msg`The vendor was approved, but the payment link could not be created. The vendor was asked to contact you.`,
  rejectedToastTitle: msg`Vendor rejected`,
  rejectedToast: msg`The application was rejected and the vendor was notified.`,
  applySuccessTitle: msg`Application sent`,
  applySuccess: msg`The organizer will review your application.`,
  businessNameRequired: msg`Please enter your business name`,
  categoryRequired: msg`Please choose a service type`,
  descriptionTooLong: msg`The description can be at most 5000 characters`,
  serviceNameRequired: msg`Please name the service`,
  priceRange: msg`The highest price must be at least the lowest price`,
  priceInvalid: msg`Prices are whole cents of 0 or more`,
  linkInvalid: msg`Please enter a full link starting with http:// or https://`,
  messageRequired: msg`Please tell the organizer about your services`,
  galleryFull: msg`A gallery holds at most ${maxImages} images`,
  ratingRange: msg`Choose a rating from ${lowest} to ${highest}`,
  hireSentTitle: msg`Hire request sent`,
} satisfies Partial<Record<VendorMessageKey, MessageDescriptor>>;

const BY_ENGLISH = new Map<string, MessageDescriptor>(
  Object.entries(VENDOR_TEXT).map(([key, message]) => [
    VENDOR_MESSAGES[key as VendorMessageKey],
    message,
  ]),
);

/** A contract text (a schema's message) in the page's language; any other text as it is. */
export function localizeVendorMessage(english: string): string {
  const message = BY_ENGLISH.get(english);
  return message ? i18n._(message) : english;
}
