import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import { RatingDialog } from './rating-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderDialog(isTriggered = true) {
  const client = new QueryClient();
  const view = (triggered: boolean) => (
    <QueryClientProvider client={client}>
      <RatingDialog
        isTriggered={triggered}
        ratingType="signup"
        title="How easy was it to sign up?"
        description="Rate it."
      />
    </QueryClientProvider>
  );
  const result = render(view(isTriggered));
  return { rerender: (t: boolean) => result.rerender(view(t)) };
}

const typed = () => screen.getByLabelText('Or type a score from 1 to 10') as HTMLInputElement;
const submitButton = () =>
  screen.getByRole('button', { name: 'Submit rating' }) as HTMLButtonElement;

async function openNow() {
  vi.useFakeTimers();
  renderDialog();
  await act(async () => vi.advanceTimersByTime(1000));
  vi.useRealTimers();
}

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('RatingDialog (spec §2, §5, §9)', () => {
  it('opens 1 s after being triggered, not before', async () => {
    vi.useFakeTimers();
    const { rerender } = renderDialog(false);
    await act(async () => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(true);
    await act(async () => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'How easy was it to sign up?' })).toBeTruthy();
  });

  it('keeps submit disabled until a score is chosen, and names each score', async () => {
    await openNow();
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText('No score chosen yet')).toBeTruthy();
    for (const [score, label] of [
      [1, 'Super Easy'],
      [2, 'Super Easy'],
      [4, 'Easy'],
      [5, 'Moderate'],
      [8, 'Challenging'],
      [10, 'Most Difficult'],
    ] as const) {
      fireEvent.click(screen.getByRole('radio', { name: `${score} – ${label}` }));
      expect(screen.getByText(`${score} – ${label}`, { selector: 'p' })).toBeTruthy();
    }
    expect(submitButton().disabled).toBe(false);
  });

  it('ignores typed values outside 1-10 and resets on empty input', async () => {
    await openNow();
    fireEvent.change(typed(), { target: { value: '7' } });
    expect(screen.getByText('7 – Challenging', { selector: 'p' })).toBeTruthy();
    for (const value of ['11', '0', '-3', 'x']) {
      fireEvent.change(typed(), { target: { value } });
      expect(typed().value).toBe('7');
      expect(screen.getByText('7 – Challenging', { selector: 'p' })).toBeTruthy();
    }
    fireEvent.change(typed(), { target: { value: '' } });
    expect(screen.getByText('No score chosen yet')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it('sends the score with the trimmed comment (empty as null) and thanks the user', async () => {
    server.use(http.post('/api/ratings', () => HttpResponse.json({ ok: true }, { status: 201 })));
    const requests = recordRequests();
    await openNow();
    fireEvent.click(screen.getByRole('radio', { name: '3 – Easy' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: '  quick  ' },
    });
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Thank you for your feedback!', {
        description: 'Your rating has been submitted successfully.',
      }),
    );
    expect(await requests[0]?.json()).toEqual({
      ratingType: 'signup',
      rating: 3,
      feedback: 'quick',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the rating cannot be saved', async () => {
    server.use(http.post('/api/ratings', () => new HttpResponse('', { status: 500 })));
    await openNow();
    fireEvent.click(screen.getByRole('radio', { name: '9 – Most Difficult' }));
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to submit rating. Please try again.',
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  describe('asked once per account (after checkout, after a new event)', () => {
    const renderOnce = () =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <button type="button">Next step</button>
          <RatingDialog
            isTriggered
            ratingType="checkout"
            title="How easy was checkout?"
            description="Rate it."
            isOncePerAccount
          />
        </QueryClientProvider>,
      );
    const answering = (ask: boolean) => {
      server.use(http.post('/api/ratings/prompts', () => HttpResponse.json({ ask })));
      return recordRequests();
    };

    it('asks the server when the delay ends, then opens docked without taking the page', async () => {
      const requests = answering(true);
      vi.useFakeTimers();
      renderOnce();
      const next = screen.getByRole('button', { name: 'Next step' });
      next.focus();
      await act(async () => vi.advanceTimersByTime(999));
      expect(requests).toHaveLength(0);
      await act(async () => vi.advanceTimersByTime(1));
      vi.useRealTimers();
      const dialog = await screen.findByRole('dialog', { name: 'How easy was checkout?' });
      const [request] = requests;
      expect(new URL(request?.url ?? '').pathname).toBe('/api/ratings/prompts');
      expect(await request?.json()).toEqual({ ratingType: 'checkout' });
      // Non-modal: focus stays where the person was and the page behind still takes clicks.
      expect(document.activeElement).toBe(next);
      expect(document.body.style.pointerEvents).not.toBe('none');
      expect(dialog.closest('[aria-hidden="true"]')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('stays closed when the account was asked before', async () => {
      const requests = answering(false);
      vi.useFakeTimers();
      renderOnce();
      await act(async () => vi.advanceTimersByTime(1000));
      vi.useRealTimers();
      await waitFor(() => expect(requests).toHaveLength(1));
      await act(async () => {});
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
