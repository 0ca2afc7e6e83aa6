import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../test/render-with-router';
import { AccountConfirmedNotice } from './account-confirmed-notice';

const toast = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast }));

const routes = [{ path: '/', element: <AccountConfirmedNotice /> }];

describe('AccountConfirmedNotice', () => {
  it('says the address is confirmed once, and drops the marker from the address', async () => {
    const { router } = renderWithRouter(routes, { path: '/?account=confirmed&utm=mail' });
    await waitFor(() => expect(router.state.location.search).toBe('?utm=mail'));
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Email confirmed', {
      description: 'Your email address is confirmed. You can sign in now.',
    });
  });

  it('says nothing on a plain visit to the home page', () => {
    toast.success.mockClear();
    renderWithRouter(routes, { path: '/' });
    expect(toast.success).not.toHaveBeenCalled();
  });
});
