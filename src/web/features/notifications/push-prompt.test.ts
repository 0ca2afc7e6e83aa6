import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_PROMPT_DELAY_MS } from '../../../contracts/limits';

const shown = vi.hoisted(() => [] as string[]);
vi.mock('sonner', () => ({
  toast: Object.assign((title: string) => shown.push(title), {
    success: vi.fn(),
    error: vi.fn(),
  }),
}));

const { isBusyPath, offerPushOnce, PUSH_PROMPT_DISMISSED_KEY } = await import('./push-prompt');

beforeEach(() => {
  vi.useFakeTimers();
  shown.length = 0;
  localStorage.clear();
  // A browser that can take push and has not been asked (happy-dom has none of this).
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default' });
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the push prompt', () => {
  it('is never shown over a form or a payment', () => {
    for (const path of ['/pay/abc', '/cart', '/ticket', '/pricing', '/subscription'])
      expect(isBusyPath(path), path).toBe(true);
    for (const path of ['/vendor-profile', '/create-event', '/edit-event/1', '/auth'])
      expect(isBusyPath(path), path).toBe(true);
    for (const path of ['/events', '/messages', '/mea/payment-success', '/event/1/register'])
      expect(isBusyPath(path), path).toBe(false);
  });

  it('asks once, 3 s after the moment, and remembers that it did', () => {
    window.history.replaceState(null, '', '/mea/payment-success');
    offerPushOnce();
    offerPushOnce();
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(PUSH_PROMPT_DELAY_MS);
    expect(shown).toEqual(['Turn on notifications?']);
    expect(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY)).toMatch(/^shown/);
    offerPushOnce();
    vi.advanceTimersByTime(PUSH_PROMPT_DELAY_MS);
    expect(shown).toHaveLength(1);
  });

  it('keeps its chance for a later moment when the person has moved on to a form', () => {
    offerPushOnce();
    window.history.replaceState(null, '', '/create-event');
    vi.advanceTimersByTime(PUSH_PROMPT_DELAY_MS);
    expect(shown).toEqual([]);
    expect(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY)).toBeNull();
    window.history.replaceState(null, '', '/messages');
    offerPushOnce();
    vi.advanceTimersByTime(PUSH_PROMPT_DELAY_MS);
    expect(shown).toEqual(['Turn on notifications?']);
  });

  it('waits for an open dialog to close rather than asking beside it', () => {
    window.history.replaceState(null, '', '/mea/payment-success');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    offerPushOnce();
    vi.advanceTimersByTime(PUSH_PROMPT_DELAY_MS * 3);
    expect(shown).toEqual([]);
    dialog.remove();
    vi.advanceTimersByTime(PUSH_PROMPT_DELAY_MS);
    expect(shown).toEqual(['Turn on notifications?']);
  });

  it('does not ask where permission was already given or refused', () => {
    vi.stubGlobal('Notification', { permission: 'denied' });
    offerPushOnce();
    vi.advanceTimersByTime(PUSH_PROMPT_DELAY_MS);
    expect(shown).toEqual([]);
  });
});
