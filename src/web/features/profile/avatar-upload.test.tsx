import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../contracts/accounts';
import { recordRequests, server } from '../../test/msw';
import { AvatarUpload } from './avatar-upload';

const profile = {
  fullName: 'Lena Beats',
  avatarUrl: '/uploads/avatars/lena.webp',
} as unknown as Profile;

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

function setup() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AvatarUpload profile={profile} />
    </QueryClientProvider>,
  );
  return { chooser: screen.getByLabelText('Choose a photo') as HTMLInputElement };
}

describe('AvatarUpload', () => {
  it('refuses a file that is not an image before sending anything', () => {
    const requests = recordRequests();
    const { chooser } = setup();
    fireEvent.change(chooser, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByText('Please upload an image (JPEG, PNG, WebP or GIF)')).toBeTruthy();
    expect(chooser.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Upload photo' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(requests).toHaveLength(0);
  });

  it('shows the chosen photo, uploads it and says so', async () => {
    let field: FormDataEntryValue | null = null;
    server.use(
      http.post('/api/profile/avatar', async ({ request }) => {
        field = (await request.formData()).get('avatar');
        return HttpResponse.json({ ...profile, avatarUrl: '/uploads/avatars/new.webp' });
      }),
    );
    const { chooser } = setup();
    fireEvent.change(chooser, { target: { files: [png()] } });
    expect(screen.getByRole('img', { name: 'Preview of your new profile photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Your profile photo has been updated.')).toBeTruthy();
    expect((field as File | null)?.name).toBe('me.png');
    expect(screen.getByRole('img', { name: 'Your profile photo' })).toBeTruthy();
  });

  it('says why the server refused the photo', async () => {
    server.use(
      http.post('/api/profile/avatar', () =>
        HttpResponse.json(
          { error: { code: 'VALIDATION', message: 'The image could not be read' } },
          { status: 400 },
        ),
      ),
    );
    const { chooser } = setup();
    fireEvent.change(chooser, { target: { files: [png()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('The image could not be read')).toBeTruthy();
  });

  it('removes the current photo', async () => {
    server.use(
      http.delete('/api/profile/avatar', () => HttpResponse.json({ ...profile, avatarUrl: null })),
    );
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Your profile photo has been removed.')).toBeTruthy();
  });
});
