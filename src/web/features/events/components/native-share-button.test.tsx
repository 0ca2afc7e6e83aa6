import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NativeShareButton } from './native-share-button';

describe('the share sheet button', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('is not shown where the browser has no share sheet', () => {
    Reflect.deleteProperty(navigator, 'share');
    render(<NativeShareButton url="https://x/event/1" title="Jazz" />);
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('opens the share sheet with the link and title; closing it is not an error', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<NativeShareButton url="https://x/event/1" title="Jazz" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({ url: 'https://x/event/1', title: 'Jazz' });
    await Promise.resolve();
  });
});
