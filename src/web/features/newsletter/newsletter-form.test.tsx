import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../test/msw';
import { NewsletterForm } from './newsletter-form';

// The newsletter form: the contract's texts on the address before any request (focused), the
// server's refusal on it, and the trimmed address it sends.

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
}

describe('the newsletter form', () => {
  it('names a bad address with the contract text and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({ ok: true }));
    renderForm();
    const email = screen.getByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'ada@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on the address and sends it trimmed", async () => {
    const calls = answerApi(() => fieldRefusal('body.email', 'Please enter a valid email address'));
    renderForm();
    fireEvent.change(screen.getByLabelText('Email address'), {
      target: { value: ' ada@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toEqual([
      { method: 'POST', url: '/api/newsletter', body: { email: 'ada@example.com' } },
    ]);
  });

  it('thanks with the address once subscribed', async () => {
    answerApi(() => HttpResponse.json({ ok: true }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Email address'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/We sent a confirmation link to ada@example.com/)).toBeTruthy();
  });
});
