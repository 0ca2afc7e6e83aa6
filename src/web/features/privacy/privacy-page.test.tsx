import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '../../../contracts/privacy';
import { server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { PrivacyPage } from './privacy-page';

const READY: DataExport = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'ready',
  createdAt: '2026-12-01T10:00:00Z',
  readyAt: '2026-12-01T10:01:00Z',
  expiresAt: '2026-12-08T10:00:00Z',
  sizeBytes: 2048,
};

describe('PrivacyPage', () => {
  it('offers a ready ZIP and asks for another', async () => {
    let exports: DataExport[] = [READY];
    server.use(
      http.get('/api/privacy/exports', () => HttpResponse.json({ exports })),
      http.post('/api/privacy/exports', () => {
        const asked = { ...READY, id: '00000000-0000-4000-8000-000000000002', status: 'building' };
        exports = [asked as DataExport, READY];
        return HttpResponse.json(asked, { status: 202 });
      }),
      http.get('/api/privacy/deletion', () => HttpResponse.json({ deletion: null })),
    );
    renderWithRouter([{ path: '/', element: <PrivacyPage /> }]);
    const list = await screen.findByRole('list', { name: 'Your data downloads' });
    const link = within(list).getByRole('link', { name: 'Download ZIP' });
    expect(link.getAttribute('href')).toBe(`/api/privacy/exports/${READY.id}/file`);

    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await within(list).findByText('Building')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Preparing your data/ })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('asks for the password, shows the pending deletion, and keeps the account', async () => {
    server.use(
      http.get('/api/privacy/exports', () => HttpResponse.json({ exports: [] })),
      http.get('/api/privacy/deletion', () => HttpResponse.json({ deletion: null })),
      http.post('/api/privacy/deletion', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        if (body.password !== 'right')
          return HttpResponse.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The password is not correct',
                details: {
                  fields: [{ field: 'body.password', message: 'The password is not correct' }],
                },
              },
            },
            { status: 400 },
          );
        return HttpResponse.json({
          deletion: { requestedAt: '2026-12-03T10:00:00Z', eraseAfter: '2026-12-17T10:00:00Z' },
        });
      }),
      http.delete('/api/privacy/deletion', () => HttpResponse.json({ deletion: null })),
    );
    renderWithRouter([{ path: '/', element: <PrivacyPage /> }]);
    expect(await screen.findByText('You have not asked for your data yet.')).toBeTruthy();
    const password = await screen.findByLabelText('Your password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The password is not correct')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(password, { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account is scheduled for deletion')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.getByLabelText('Your password')).toBeTruthy());
  });
});
