import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VENDOR_MESSAGES, type VendorPage } from '../../../contracts/vendors';
import { recordRequests, server } from '../../test/msw';
import { RateVendorForm } from './rate-vendor-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const VENDOR_ID = '00000000-0000-4000-8000-0000000000a1';
const worked = (eventId: string, title: string) => ({
  eventId,
  title,
  date: '2026-01-10',
  time: '18:00',
  location: 'Brooklyn',
  startsAt: '2026-01-10T18:00:00.000Z',
});
const PAGE = {
  vendor: { id: VENDOR_ID, displayName: 'Beats by Lena' },
  eventsWorked: [
    worked('00000000-0000-4000-8000-0000000000e1', 'Jazz Night'),
    worked('00000000-0000-4000-8000-0000000000e2', 'Spring Fair'),
  ],
} as unknown as VendorPage;

function setup() {
  server.use(
    http.get('/api/events/mine', () =>
      HttpResponse.json({ events: PAGE.eventsWorked.map((e) => ({ id: e.eventId })) }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RateVendorForm page={PAGE} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('RateVendorForm', () => {
  it('asks for the event and a score, then sends them with the trimmed comment', async () => {
    setup();
    const submit = await screen.findByText('Submit rating', { selector: 'button' });
    const requests = recordRequests();
    fireEvent.click(submit);
    expect(await screen.findByText('Please choose the event')).toBeTruthy();
    expect(screen.getByText(VENDOR_MESSAGES.ratingRange)).toBeTruthy();
    expect(requests).toHaveLength(0);

    server.use(
      http.post(`/api/vendors/${VENDOR_ID}/ratings`, () =>
        HttpResponse.json({ id: 'r1' }, { status: 201 }),
      ),
    );
    fireEvent.change(screen.getByLabelText('Event'), {
      target: { value: '00000000-0000-4000-8000-0000000000e2' },
    });
    fireEvent.click(screen.getByLabelText('4 out of 5'));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: '  Great set  ' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Thank you for your rating!'));
    expect(await requests[0]?.json()).toEqual({
      eventId: '00000000-0000-4000-8000-0000000000e2',
      rating: 4,
      comment: 'Great set',
    });
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('');
  });
});
