import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../../contracts/developer';
import { server } from '../../test/msw';
import { WebhooksSection } from './webhooks-section';

const endpoint: WebhookEndpoint = {
  id: 'e1',
  url: 'https://hooks.example/mea',
  description: '',
  eventTypes: ['order.paid'],
  consecutiveFailures: 0,
  disabledAt: null,
  disabledReason: null,
  createdAt: '2026-12-01T10:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 'd1',
  eventId: 'ev1',
  eventType: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  lastAttemptAt: '2026-12-01T10:00:01.000Z',
  nextAttemptAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
};

describe('sending a test event', () => {
  it('shows the new delivery even when the log was read before the event was saved', async () => {
    // The log opens with the click, so its first read races the send: the server answers that
    // read from before the send's commit, after the send itself has answered.
    let sent!: () => void;
    const sendAnswered = new Promise<void>((resolve) => (sent = resolve));
    let saved = false;
    server.use(
      http.get('/api/developer/webhooks', () => HttpResponse.json({ endpoints: [endpoint] })),
      http.get('/api/developer/webhooks/e1/deliveries', async () => {
        const before = !saved;
        if (before) await sendAnswered;
        return HttpResponse.json({ deliveries: before ? [] : [delivery] });
      }),
      http.post('/api/developer/webhooks/e1/test', () => {
        saved = true;
        setTimeout(sent, 0);
        return HttpResponse.json(delivery, { status: 202 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WebhooksSection />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('article', { name: endpoint.url });
    fireEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    const row = await within(card).findByRole('row', { name: /webhook\.test/ });
    expect(row.textContent).toContain('Delivered');
  });
});
