import type { VENDOR_SERVICE_TYPES } from './enums';

// The vendor marketplace's statuses, limits and messages, without zod: the public vendor pages
// import them and download no schema library (decision 095). vendor-profile.ts re-exports them.

export type VendorServiceType = (typeof VENDOR_SERVICE_TYPES)[number];

export const VENDOR_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VendorRequestStatus = (typeof VENDOR_REQUEST_STATUSES)[number];

/** spec §3 event_vendors.payment_status, plus `paid` once the fee arrived. */
export const VENDOR_PAYMENT_STATUSES = ['pending', 'not_required', 'paid'] as const;
export type VendorPaymentStatus = (typeof VENDOR_PAYMENT_STATUSES)[number];

export const BOOKING_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const VENDOR_DIRECTORY_SORTS = ['newest', 'name', 'rating'] as const;
export type VendorDirectorySort = (typeof VENDOR_DIRECTORY_SORTS)[number];

export const VENDOR_GALLERY_MAX = 12;
export const VENDOR_SERVICES_MAX = 20;
export const VENDOR_LINKS_MAX = 8;
export const VENDOR_RATING_MIN = 1;
export const VENDOR_RATING_MAX = 5;
export const VENDOR_DIRECTORY_PAGE_SIZE = 24;
export const VENDOR_DIRECTORY_PAGE_SIZE_MAX = 60;
export const VENDOR_APPLICATION_MESSAGE_MAX = 2000;

/** Texts of spec §2 and §8, and ours where the spec is silent. */
export const VENDOR_MESSAGES = {
  // spec §2 screen
  screenTitle: 'Vendor Applications',
  screenSubtitle: 'Manage vendor requests for this event',
  backToEvent: 'Back to Event',
  pendingTab: 'Pending',
  processedTab: 'Processed',
  pendingEmptyTitle: 'No pending applications',
  pendingEmptyBody: "When vendors apply to your events, they'll appear here.",
  processedEmptyTitle: 'No processed applications',
  processedEmptyBody: 'Applications that have been approved or rejected will appear here.',
  unknownVendor: 'Unknown Vendor',
  defaultCategory: 'Vendor',
  // spec §8
  loadFailed: 'Failed to load vendor applications',
  approveFailed: 'Failed to approve vendor. Please try again.',
  rejectFailed: 'Failed to reject vendor. Please try again.',
  permissionDeniedTitle: 'Permission Denied',
  onlyCreatorApprove: 'Only the event creator can approve vendor applications',
  onlyCreatorReject: 'Only the event creator can reject vendor applications',
  // ours
  approvedToastTitle: 'Vendor approved',
  approvedToast: 'The vendor was approved and notified.',
  paymentRequestedToast: 'The vendor was approved and asked to pay the vendor fee.',
  checkoutFailedToastTitle: 'Payment link failed',
  checkoutFailedToast:
    'The vendor was approved, but the payment link could not be created. The vendor was asked to contact you.',
  rejectedToastTitle: 'Vendor rejected',
  rejectedToast: 'The application was rejected and the vendor was notified.',
  vendorsOnly: 'Only vendor accounts can do this',
  duplicatePending: 'You already have a pending application for this event',
  alreadyApproved: 'You are already approved for this event',
  ownEvent: 'You cannot apply to your own event',
  eventNotOpen: 'This event is not taking vendor applications',
  requestAlreadyRejected: 'This application was already rejected',
  requestAlreadyApproved: 'This application was already approved',
  applySuccessTitle: 'Application sent',
  applySuccess: 'The organizer will review your application.',
  nothingDue: 'No vendor fee is due for this application',
  businessNameRequired: 'Please enter your business name',
  categoryRequired: 'Please choose a service type',
  descriptionTooLong: 'The description can be at most 5000 characters',
  serviceNameRequired: 'Please name the service',
  priceRange: 'The highest price must be at least the lowest price',
  priceInvalid: 'Prices are whole cents of 0 or more',
  linkInvalid: 'Please enter a full link starting with http:// or https://',
  messageRequired: 'Please tell the organizer about your services',
  galleryFull: `A gallery holds at most ${VENDOR_GALLERY_MAX} images`,
  imageNotFound: 'Image not found',
  rateOnlyOrganizer: 'Only the organizer of an event this vendor worked can rate them',
  rateAfterEvent: 'You can rate a vendor once the event has started',
  ratingRange: `Choose a rating from ${VENDOR_RATING_MIN} to ${VENDOR_RATING_MAX}`,
  bookingOpen: 'This vendor already has an open hire request for this event',
  bookingNotPending: 'This hire request was already answered',
  bookingClosed: 'This hire request is already closed',
  onlyOwnEvents: 'You can only hire vendors for your own events',
  hireSentTitle: 'Hire request sent',
  notAVendor: 'This person is not a vendor',
} as const;
