import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VENDOR_MESSAGES,
  type ApproveVendorResponse,
  type VendorRequestCard,
  type VendorRequestList,
} from '../../../contracts/vendors';
import { requestPath, server } from '../../test/msw';
import { VendorRequestsScreen } from './vendor-requests-screen';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// The socket is replaced by a hand-driven fake: frames are pushed by the test.
const socket = vi.hoisted(() => ({
  listeners: new Map<string, ((frame: unknown) => void)[]>(),
  connects: 0,
}));
vi.mock('../../lib/realtime', () => ({
  realtime: {
    connect: () => {
      socket.connects += 1;
      return () => undefined;
    },
    subscribe: (type: string, listener: (frame: unknown) => void) => {
      socket.listeners.set(type, [...(socket.listeners.get(type) ?? []), listener]);
      return () => undefined;
    },
    onStatus: () => () => undefined,
  },
}));

const EVENT = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Harbor Fair',
  date: '2031-10-04',
  time: '14:00',
  startsAt: '2031-10-04T18:00:00.000Z',
  organizerId: '22222222-2222-4222-8222-222222222222',
  currency: 'USD',
};

function card(overrides: Partial<VendorRequestCard> = {}): VendorRequestCard {
  const id = overrides.id ?? '33333333-3333-4333-8333-333333333333';
  return {
    id,
    eventId: EVENT.id,
    vendorId: '44444444-4444-4444-8444-444444444444',
    organizerId: EVENT.organizerId,
    status: 'pending',
    message: 'I can DJ all night.',
    read: false,
    services: ['DJ set'],
    links: [],
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
    seq: 1,
    event: EVENT,
    vendor: {
      id: '44444444-4444-4444-8444-444444444444',
      fullName: 'Lena Ortiz',
      businessName: null,
      avatarUrl: null,
      category: null,
      displayName: 'Lena Ortiz',
      displayCategory: 'Vendor',
    },
    paymentStatus: null,
    vendorFeeAmount: null,
    contactPath: '/messages?chat=44444444-4444-4444-8444-444444444444&name=Lena%20Ortiz',
    ...overrides,
  };
}

function list(requests: VendorRequestCard[], canManage: boolean): VendorRequestList {
  return {
    event: EVENT,
    canManage,
    requests,
    pendingCount: requests.filter((r) => r.status === 'pending').length,
  };
}

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer | (() => Answer)>;
let calls: string[];

beforeEach(() => {
  answers = {};
  calls = [];
  socket.listeners.clear();
  socket.connects = 0;
  toast.success.mockReset();
  toast.error.mockReset();
  server.use(
    http.all('/api/*', ({ request }) => {
      const call = `${request.method} ${requestPath(request)}`;
      calls.push(call);
      const found = answers[call];
      const answer = typeof found === 'function' ? found() : found;
      return HttpResponse.json(answer?.body ?? {}, { status: answer?.status ?? 404 });
    }),
  );
});

const LIST = `GET /api/events/${EVENT.id}/vendor-requests`;
const READ = `POST /api/events/${EVENT.id}/vendor-requests/read`;
const approvePath = (id: string) => `POST /api/events/${EVENT.id}/vendor-requests/${id}/approve`;

function show() {
  const router = createMemoryRouter(
    [{ path: '/vendor_requests/:eventId', element: <VendorRequestsScreen eventId={EVENT.id} /> }],
    { initialEntries: [`/vendor_requests/${EVENT.id}`] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('VendorRequestsScreen', () => {
  it('gives the owner Accept and Reject, counts pending, and marks unread read on load', async () => {
    answers[LIST] = { status: 200, body: list([card()], true) };
    answers[READ] = { status: 200, body: { requestsMarked: 1, notificationsMarked: 1 } };
    show();
    const article = await screen.findByRole('article', { name: 'Lena Ortiz' });
    expect(
      screen.getByRole('heading', { name: VENDOR_MESSAGES.screenTitle, level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText(VENDOR_MESSAGES.screenSubtitle)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending 1' })).toBeTruthy();
    expect(within(article).getByText('Vendor')).toBeTruthy();
    expect(within(article).getByText('Harbor Fair')).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(article).queryByRole('link', { name: 'Contact' })).toBeNull();
    await waitFor(() => expect(calls).toContain(READ));
    expect(socket.connects).toBe(1);
  });

  it('gives everyone else Contact to the vendor, and never marks read', async () => {
    answers[LIST] = { status: 200, body: list([card()], false) };
    show();
    const article = await screen.findByRole('article', { name: 'Lena Ortiz' });
    expect(within(article).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(article).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(
      '/messages?chat=44444444-4444-4444-8444-444444444444&name=Lena%20Ortiz',
    );
    expect(calls).not.toContain(READ);
  });

  it('shows both empty states', async () => {
    answers[LIST] = { status: 200, body: list([], true) };
    answers[READ] = { status: 200, body: { requestsMarked: 0, notificationsMarked: 0 } };
    show();
    expect(await screen.findByText(VENDOR_MESSAGES.pendingEmptyTitle)).toBeTruthy();
    expect(screen.getByText(VENDOR_MESSAGES.pendingEmptyBody)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Processed' }));
    expect(screen.getByText(VENDOR_MESSAGES.processedEmptyTitle)).toBeTruthy();
    expect(screen.getByText(VENDOR_MESSAGES.processedEmptyBody)).toBeTruthy();
  });

  it('says the list could not be loaded', async () => {
    answers[LIST] = { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } };
    show();
    expect(await screen.findByText(VENDOR_MESSAGES.loadFailed)).toBeTruthy();
  });

  it('reloads when a vendor_requests frame about this event arrives', async () => {
    let requests = [card()];
    answers[LIST] = () => ({ status: 200, body: list(requests, false) });
    show();
    await screen.findByRole('article', { name: 'Lena Ortiz' });
    requests = [
      card(),
      card({
        id: '55555555-5555-4555-8555-555555555555',
        vendor: {
          ...card().vendor,
          id: '66666666-6666-4666-8666-666666666666',
          displayName: 'Unknown Vendor',
        },
      }),
    ];
    const other = { ...card(), eventId: '99999999-9999-4999-8999-999999999999' };
    for (const listener of socket.listeners.get('vendor_requests') ?? [])
      listener({ type: 'vendor_requests', events: [{ op: 'INSERT', request: other }] });
    expect(calls.filter((c) => c === LIST)).toHaveLength(1);
    for (const listener of socket.listeners.get('vendor_requests') ?? [])
      listener({ type: 'vendor_requests', events: [{ op: 'INSERT', request: requests[1] }] });
    expect(await screen.findByRole('article', { name: 'Unknown Vendor' })).toBeTruthy();
  });

  it('after an approval with a fee, shows the payment link notice', async () => {
    answers[LIST] = { status: 200, body: list([card()], true) };
    answers[READ] = { status: 200, body: { requestsMarked: 1, notificationsMarked: 0 } };
    const result: ApproveVendorResponse = {
      request: { ...card(), status: 'approved' },
      outcome: 'payment_required',
      vendorFee: 50,
      vendorFeeCents: 5000,
      currency: 'USD',
      paymentStatus: 'pending',
      paymentUrl: 'http://localhost/pay/cs_1',
      alreadyProcessed: false,
    };
    answers[approvePath(card().id)] = { status: 200, body: result };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Payment link sent')).toBeTruthy();
    expect(screen.getByText(/pay the vendor fee of \$50\.00/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'http://localhost/pay/cs_1' })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(VENDOR_MESSAGES.approvedToastTitle, {
      description: VENDOR_MESSAGES.paymentRequestedToast,
    });
  });

  it('when the checkout fails, the approval stands and a destructive toast says so', async () => {
    answers[LIST] = { status: 200, body: list([card()], true) };
    answers[READ] = { status: 200, body: { requestsMarked: 1, notificationsMarked: 0 } };
    answers[approvePath(card().id)] = {
      status: 200,
      body: {
        request: { ...card(), status: 'approved' },
        outcome: 'checkout_failed',
        vendorFee: 50,
        vendorFeeCents: 5000,
        paymentStatus: 'pending',
        paymentUrl: null,
        alreadyProcessed: false,
      },
    };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(VENDOR_MESSAGES.checkoutFailedToastTitle, {
        description: VENDOR_MESSAGES.checkoutFailedToast,
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain(VENDOR_MESSAGES.checkoutFailedToast);
  });

  it('says Permission Denied with the spec text when the server refuses', async () => {
    answers[LIST] = { status: 200, body: list([card()], true) };
    answers[READ] = { status: 200, body: { requestsMarked: 1, notificationsMarked: 0 } };
    answers[approvePath(card().id)] = {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: VENDOR_MESSAGES.onlyCreatorApprove } },
    };
    answers[`POST /api/events/${EVENT.id}/vendor-requests/${card().id}/reject`] = {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Boom' } },
    };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(VENDOR_MESSAGES.permissionDeniedTitle, {
        description: VENDOR_MESSAGES.onlyCreatorApprove,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(VENDOR_MESSAGES.rejectFailed));
  });
});
