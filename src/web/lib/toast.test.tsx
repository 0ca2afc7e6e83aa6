import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { toast } from './toast';

describe('toasts from first-paint code', () => {
  it('are shown once the toaster has loaded, also when raised before it', async () => {
    toast.success('Raised before the toaster', { description: 'kept until it mounts' });
    render(
      <Providers queryClient={new QueryClient()}>
        <p>page</p>
      </Providers>,
    );
    expect(
      await screen.findByText('Raised before the toaster', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByText('kept until it mounts')).toBeTruthy();

    toast.error('Raised after it');
    expect(await screen.findByText('Raised after it')).toBeTruthy();
  });
});
