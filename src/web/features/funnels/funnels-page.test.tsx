import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../test/msw';
import { FunnelsPage } from './funnels-page';

const FUNNEL = '33333333-3333-4333-8333-333333333333';

// The "New funnel" form: the contract's text on the address before any request (focused), the
// server's refusal on it, and the body it sends.
function serve(refuse: boolean) {
  const calls = answerApi(({ method, url }) => {
    if (method !== 'GET')
      return refuse
        ? fieldRefusal('body.slug', 'This address is already taken')
        : HttpResponse.json({ id: FUNNEL });
    if (url.startsWith('/api/marketing/funnels')) return HttpResponse.json({ funnels: [] });
    if (url.startsWith('/api/marketing/lists')) return HttpResponse.json({ lists: [] });
    return HttpResponse.json({ events: [] });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/funnels']}>
        <Routes>
          <Route path="/funnels" element={<FunnelsPage />} />
          <Route path="/funnel-builder/:id" element={<p>Builder open</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => calls.filter((c) => c.method !== 'GET');
}

describe('New funnel', () => {
  it('names a bad address with the contract text and focuses it, without sending', async () => {
    const sent = serve(false);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Spring' } });
    const slug = screen.getByLabelText('Address');
    fireEvent.change(slug, { target: { value: 'Spring Fair' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create funnel' }));
    expect(await screen.findByText('Use lowercase letters, digits and single dashes')).toBeTruthy();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's refusal on the address and sends the body as before", async () => {
    const sent = serve(true);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Spring' } });
    const slug = screen.getByLabelText('Address');
    fireEvent.change(slug, { target: { value: 'spring-fair' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create funnel' }));
    expect(await screen.findByText('This address is already taken')).toBeTruthy();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(slug));
    // The general alert stays away when the refusal is the address's own.
    expect(screen.queryByText('Check the marked fields')).toBeNull();
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: '/api/marketing/funnels',
        body: {
          name: 'Spring',
          slug: 'spring-fair',
          template: 'event_launch',
          eventId: null,
          listId: null,
        },
      },
    ]);
  });

  it('opens the builder of the new funnel', async () => {
    serve(false);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Spring' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'spring-fair' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create funnel' }));
    expect(await screen.findByText('Builder open', {}, { timeout: 5000 })).toBeTruthy();
  });
});
