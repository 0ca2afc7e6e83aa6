import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { PlatformWalletConfig, WalletConfig } from '../../../contracts/wallet-passes';
import { answerApi, fieldRefusal, server } from '../../test/msw';
import { AdminWalletPage } from './admin-wallet-page';
import { WalletButtons } from './wallet-buttons';
import { WalletSettingsPage } from './wallet-settings-page';

const TICKET = '44444444-4444-4444-8444-444444444444';

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe('WalletButtons', () => {
  it('offers only the passes the organizer set up', async () => {
    server.use(
      http.get(`/api/wallet/tickets/${TICKET}`, () =>
        HttpResponse.json({ apple: true, google: false }),
      ),
    );
    renderWith(<WalletButtons ticketId={TICKET} />);
    const apple = await screen.findByRole('link', { name: 'Add to Apple Wallet' });
    expect(apple.getAttribute('href')).toBe(`/api/wallet/tickets/${TICKET}/apple`);
    expect(screen.queryByRole('button', { name: 'Save to Google Wallet' })).toBeNull();
  });

  it('shows nothing when no pass is set up', async () => {
    let asked = false;
    server.use(
      http.get(`/api/wallet/tickets/${TICKET}`, () => {
        asked = true;
        return HttpResponse.json({ apple: false, google: false });
      }),
    );
    const { container } = renderWith(<WalletButtons ticketId={TICKET} />);
    await waitFor(() => expect(asked).toBe(true));
    expect(container.textContent).toBe('');
  });
});

describe('WalletSettingsPage', () => {
  it('says plainly what is not set up, and names a refused field', async () => {
    const config: WalletConfig = {
      apple: null,
      google: { issuerId: '3388000000012345678', serviceAccountEmail: 'passes@example.com' },
    };
    server.use(
      http.get('/api/wallet/config', () => HttpResponse.json(config)),
      http.put('/api/wallet/config/apple', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'This private key does not belong to the certificate',
              details: {
                fields: [
                  {
                    field: 'body.applePrivateKeyPem',
                    message: 'This private key does not belong to the certificate',
                  },
                ],
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderWith(<WalletSettingsPage />);
    expect(
      await screen.findByText(/Not set up: your buyers are not offered Apple Wallet passes/),
    ).toBeTruthy();
    expect(screen.getByText('Passes are signed by passes@example.com.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Apple Wallet settings' }));
    const key = screen.getByLabelText('Its private key (PEM)');
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This private key does not belong to the certificate')).toBeTruthy();
  });

  it('sends what was typed in a card, and says Saved. once it went through', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/wallet/config', () =>
        HttpResponse.json<WalletConfig>({ apple: null, google: null }),
      ),
      http.put('/api/wallet/config/google', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json<WalletConfig>({
          apple: null,
          google: { issuerId: '3388000000099', serviceAccountEmail: 'wallet@example.com' },
        });
      }),
    );
    renderWith(<WalletSettingsPage />);
    fireEvent.change(await screen.findByLabelText('Issuer ID'), {
      target: { value: '3388000000099' },
    });
    fireEvent.change(screen.getByLabelText('Service account email'), {
      target: { value: 'wallet@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Google Wallet settings' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByText('Passes are signed by wallet@example.com.')).toBeTruthy();
    // An untouched field goes as empty, for the server to name it.
    expect(sent).toEqual([
      {
        googleIssuerId: '3388000000099',
        googleServiceAccountEmail: 'wallet@example.com',
        googlePrivateKeyPem: '',
      },
    ]);
  });

  it("puts the server's refusal on its field and focuses it; a refusal naming none is the card's", async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET'
        ? HttpResponse.json<WalletConfig>({ apple: null, google: null })
        : calls.length === 2
          ? fieldRefusal(
              'body.appleTeamId',
              'The Team ID is the 10 letters and digits Apple gave you',
            )
          : HttpResponse.json({ error: { code: 'INTERNAL', message: '' } }, { status: 500 }),
    );
    renderWith(<WalletSettingsPage />);
    fireEvent.change(await screen.findByLabelText('Pass Type ID'), {
      target: { value: 'pass.com.example.tickets' },
    });
    fireEvent.change(screen.getByLabelText('Team ID'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Apple Wallet settings' }));
    const team = screen.getByLabelText('Team ID');
    expect(
      await screen.findByText('The Team ID is the 10 letters and digits Apple gave you'),
    ).toBeTruthy();
    expect(team.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(team));
    expect(calls[1]).toEqual({
      method: 'PUT',
      url: '/api/wallet/config/apple',
      body: {
        applePassTypeId: 'pass.com.example.tickets',
        appleTeamId: 'abc',
        appleCertificatePem: '',
        applePrivateKeyPem: '',
        appleWwdrPem: '',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Apple Wallet settings' }));
    expect(await screen.findByText('The Apple Wallet settings could not be saved.')).toBeTruthy();
    expect(screen.queryByText('Saved.')).toBeNull();
  });
});

describe('AdminWalletPage', () => {
  it("shows the platform's accounts and removes one after asking", async () => {
    let config: PlatformWalletConfig = {
      apple: null,
      google: { issuerId: '3388000000012345678', serviceAccountEmail: 'platform@example.com' },
      organizersWithOwn: { apple: 2, google: 1 },
    };
    const removed: string[] = [];
    server.use(
      http.get('/api/admin/wallet-passes', () => HttpResponse.json(config)),
      http.delete('/api/admin/wallet-passes/:kind', ({ params }) => {
        removed.push(String(params.kind));
        config = { ...config, google: null };
        return HttpResponse.json(config);
      }),
    );
    renderWith(<AdminWalletPage />);
    expect(
      await screen.findByText(/organizers without their own certificate are not offered Apple/),
    ).toBeTruthy();
    expect(screen.getByText(/2 organizers have their own\./)).toBeTruthy();
    expect(screen.getByText('Passes are signed by platform@example.com.')).toBeTruthy();
    // Only a set-up account can be removed.
    const remove = screen.getAllByRole('button', { name: 'Remove' });
    expect(remove).toHaveLength(1);
    fireEvent.click(remove[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove account' }));
    expect(
      await screen.findByText(
        /organizers without their own service account are not offered Google/,
      ),
    ).toBeTruthy();
    expect(removed).toEqual(['google']);
    expect(screen.getByText(/1 organizer has their own\./)).toBeTruthy();
  });
});
