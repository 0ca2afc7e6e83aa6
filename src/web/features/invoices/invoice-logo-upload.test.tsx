import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../../contracts/accounts';
import { recordRequests, server } from '../../test/msw';
import { InvoiceLogoUpload } from './invoice-logo-upload';

function setup(logoUrl: string | null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvoiceLogoUpload scope="organizer" logoUrl={logoUrl} />
    </QueryClientProvider>,
  );
  return { chooser: screen.getByLabelText('Choose a logo') as HTMLInputElement };
}

describe('InvoiceLogoUpload', () => {
  it('says invoices print no logo, and refuses an image over 5 MB before sending it', () => {
    const requests = recordRequests();
    const { chooser } = setup(null);
    expect(screen.getByText('Your invoices print no logo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull();
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(chooser, { target: { files: [big] } });
    expect(screen.getByText('Images must be 5 MB or smaller')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload logo' }).hasAttribute('disabled')).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('uploads the chosen logo to the organizer’s billing profile', async () => {
    let field: FormDataEntryValue | null = null;
    server.use(
      http.post('/api/invoices/profile/logo', async ({ request }) => {
        field = (await request.formData()).get('logo');
        return HttpResponse.json({ profile: null });
      }),
    );
    const { chooser } = setup(null);
    fireEvent.change(chooser, {
      target: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] },
    });
    expect(screen.getByRole('img', { name: 'Preview of your new invoice logo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
    expect(await screen.findByText('Your invoices now print this logo.')).toBeTruthy();
    expect((field as File | null)?.name).toBe('logo.png');
  });

  it('removes the logo for invoices issued from now on', async () => {
    server.use(http.delete('/api/invoices/profile/logo', () => HttpResponse.json({})));
    setup('/uploads/invoice-logos/acme.png');
    expect(screen.getByRole('img', { name: 'Your invoice logo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Invoices issued from now on print no logo.')).toBeTruthy();
  });
});
