import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { VENDOR_APPLICATIONS_REFRESH_MS } from '../../../contracts/limits';
import type {
  ApproveVendorResponse,
  Booking,
  BookingList,
  BookingStatus,
  CreateBookingInput,
  PayVendorFeeResponseSchema,
  RejectVendorResponse,
  VendorApplicationList,
  VendorApplyInput,
  VendorDirectoryResponse,
  VendorDirectorySort,
  VendorOpportunity,
  VendorPage,
  VendorProfile,
  VendorProfileInput,
  VendorRating,
  VendorRatingInput,
  VendorRequest,
  VendorRequestList,
  VendorServiceType,
  VendorTracker,
} from '../../../contracts/vendors';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

// One place per vendor endpoint (src/contracts/vendors.ts lists them): query options and hooks.

const enc = encodeURIComponent;

export type PayVendorFeeResponse = z.infer<typeof PayVendorFeeResponseSchema>;

export const vendorKeys = {
  all: ['vendors'] as const,
  /** Every directory query, whatever its filters (what a change to a vendor refreshes). */
  directories: () => ['vendors', 'directory'] as const,
  directory: (query: VendorDirectoryParams) => ['vendors', 'directory', query] as const,
  page: (id: string) => ['vendors', 'page', id] as const,
  myProfile: () => ['vendors', 'my-profile'] as const,
  eventInfo: (eventId: string) => ['vendors', 'event-info', eventId] as const,
  requests: (eventId: string) => ['vendors', 'requests', eventId] as const,
  myApplications: () => ['vendors', 'my-applications'] as const,
  bookings: () => ['vendors', 'bookings'] as const,
  tracker: () => ['vendors', 'tracker'] as const,
  opportunities: () => ['vendors', 'opportunities'] as const,
};

/** The directory's filters as the page holds them (the contract's query, parsed). */
export interface VendorDirectoryParams {
  q?: string;
  category?: VendorServiceType;
  area?: string;
  sort?: VendorDirectorySort;
  page?: number;
  pageSize?: number;
}

/** The directory's query string: only what differs from the defaults, in a stable order. */
export function vendorDirectoryQueryString(query: VendorDirectoryParams): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.category) search.set('category', query.category);
  if (query.area) search.set('area', query.area);
  if (query.sort && query.sort !== 'newest') search.set('sort', query.sort);
  if (query.page && query.page > 1) search.set('page', String(query.page));
  if (query.pageSize) search.set('pageSize', String(query.pageSize));
  return search.toString();
}

/** GET /api/vendors: the public directory. */
export const vendorDirectoryQuery = (query: VendorDirectoryParams) =>
  queryOptions({
    queryKey: vendorKeys.directory(query),
    queryFn: ({ signal }) => {
      const search = vendorDirectoryQueryString(query);
      return apiGet<VendorDirectoryResponse>(`/api/vendors${search ? `?${search}` : ''}`, {
        signal,
      });
    },
    placeholderData: (previous) => previous,
  });

/** GET /api/vendors/:id: a vendor's public page. */
export const vendorPageQuery = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.page(id),
    queryFn: ({ signal }) => apiGet<VendorPage>(`/api/vendors/${enc(id)}`, { signal }),
  });

/** POST /api/vendors/:id/ratings: the organizer of an event the vendor worked rates them. */
export function useRateVendor(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorRatingInput) =>
      apiPost<VendorRating>(`/api/vendors/${enc(vendorId)}/ratings`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vendorKeys.page(vendorId) });
      void queryClient.invalidateQueries({ queryKey: vendorKeys.directories() });
    },
  });
}

/** GET /api/vendor-profile: the signed-in vendor's own profile. */
export const myVendorProfileQuery = queryOptions({
  queryKey: vendorKeys.myProfile(),
  queryFn: ({ signal }) => apiGet<VendorProfile>('/api/vendor-profile', { signal }),
});

function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: VendorProfile) => {
    queryClient.setQueryData(vendorKeys.myProfile(), profile);
    void queryClient.invalidateQueries({ queryKey: vendorKeys.page(profile.id) });
    void queryClient.invalidateQueries({ queryKey: vendorKeys.directories() });
  };
}

/** PUT /api/vendor-profile. */
export function useSaveVendorProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (input: VendorProfileInput) =>
      apiRequest<VendorProfile>('/api/vendor-profile', { method: 'PUT', body: input }),
    onSuccess: saved,
  });
}

/** POST /api/vendor-profile/gallery (multipart "image"), with upload progress 0–1. */
export function useUploadGalleryImage(onProgress?: (fraction: number) => void) {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<VendorProfile>('/api/vendor-profile/gallery', 'image', file, onProgress),
    onSuccess: saved,
  });
}

/** DELETE /api/vendor-profile/gallery/:imageId. */
export function useRemoveGalleryImage() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (imageId: string) =>
      apiDelete<VendorProfile>(`/api/vendor-profile/gallery/${enc(imageId)}`),
    onSuccess: saved,
  });
}

/** GET /api/events/:eventId/vendor-info: what an event asks of vendors, and my request. */
export const eventVendorInfoQuery = (eventId: string) =>
  queryOptions({
    queryKey: vendorKeys.eventInfo(eventId),
    queryFn: ({ signal }) =>
      apiGet<VendorOpportunity>(`/api/events/${enc(eventId)}/vendor-info`, { signal }),
  });

/** POST /api/events/:eventId/vendor-requests: apply as a vendor. */
export function useApplyToEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorApplyInput) =>
      apiPost<VendorRequest>(`/api/events/${enc(eventId)}/vendor-requests`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vendorKeys.eventInfo(eventId) });
      void queryClient.invalidateQueries({ queryKey: vendorKeys.myApplications() });
    },
  });
}

/** GET /api/vendor-applications: the vendor's own applications. */
export const myApplicationsQuery = queryOptions({
  queryKey: vendorKeys.myApplications(),
  queryFn: ({ signal }) => apiGet<VendorApplicationList>('/api/vendor-applications', { signal }),
  refetchInterval: VENDOR_APPLICATIONS_REFRESH_MS,
});

/** POST /api/vendor-applications/:id/pay: a fresh checkout link for a fee that is due. */
export function usePayVendorFee() {
  return useMutation({
    mutationFn: (requestId: string) =>
      apiPost<PayVendorFeeResponse>(`/api/vendor-applications/${enc(requestId)}/pay`),
  });
}

/** GET /api/events/:eventId/vendor-requests; spec §9: refreshed every 30000 ms. */
export const vendorRequestsQuery = (eventId: string) =>
  queryOptions({
    queryKey: vendorKeys.requests(eventId),
    queryFn: ({ signal }) =>
      apiGet<VendorRequestList>(`/api/events/${enc(eventId)}/vendor-requests`, { signal }),
    refetchInterval: VENDOR_APPLICATIONS_REFRESH_MS,
  });

/** POST /api/events/:eventId/vendor-requests/read (spec §4 "on load"). */
export const markVendorRequestsRead = (eventId: string) =>
  apiPost<{ requestsMarked: number; notificationsMarked: number }>(
    `/api/events/${enc(eventId)}/vendor-requests/read`,
  );

function useRequestsChanged(eventId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: vendorKeys.requests(eventId) });
    void queryClient.invalidateQueries({ queryKey: vendorKeys.tracker() });
    void queryClient.invalidateQueries({ queryKey: vendorKeys.eventInfo(eventId) });
  };
}

export function useApproveVendor(eventId: string) {
  const changed = useRequestsChanged(eventId);
  return useMutation({
    mutationFn: (requestId: string) =>
      apiPost<ApproveVendorResponse>(
        `/api/events/${enc(eventId)}/vendor-requests/${enc(requestId)}/approve`,
      ),
    onSettled: changed,
  });
}

export function useRejectVendor(eventId: string) {
  const changed = useRequestsChanged(eventId);
  return useMutation({
    mutationFn: (requestId: string) =>
      apiPost<RejectVendorResponse>(
        `/api/events/${enc(eventId)}/vendor-requests/${enc(requestId)}/reject`,
      ),
    onSettled: changed,
  });
}

/** GET /api/bookings: hire requests I sent (organizer) or received (vendor). */
export const bookingsQuery = (as?: 'organizer' | 'vendor') =>
  queryOptions({
    queryKey: [...vendorKeys.bookings(), as ?? 'all'],
    queryFn: ({ signal }) =>
      apiGet<BookingList>(`/api/bookings${as ? `?as=${as}` : ''}`, { signal }),
  });

function useBookingsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: vendorKeys.bookings() });
    void queryClient.invalidateQueries({ queryKey: vendorKeys.tracker() });
  };
}

/** POST /api/bookings: send a hire request. */
export function useCreateBooking() {
  const changed = useBookingsChanged();
  return useMutation({
    mutationFn: (input: CreateBookingInput) => apiPost<Booking>('/api/bookings', input),
    onSuccess: changed,
  });
}

export type BookingAction = 'accept' | 'decline' | 'cancel';

/** POST /api/bookings/:id/accept | decline | cancel. */
export function useBookingAction() {
  const changed = useBookingsChanged();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BookingAction }) =>
      apiPost<Booking>(`/api/bookings/${enc(id)}/${action}`),
    onSuccess: changed,
  });
}

/** GET /api/vendor-tracker: invited / applied / approved / paid per event. */
export const vendorTrackerQuery = queryOptions({
  queryKey: vendorKeys.tracker(),
  queryFn: ({ signal }) => apiGet<VendorTracker>('/api/vendor-tracker', { signal }),
});

/** A hire request's status as a person reads it (render with `i18n._`). */
export const BOOKING_STATUS_LABEL: Record<BookingStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  cancelled: msg`Cancelled`,
};
