import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../test/msw';
import { OptIn, type BlockContext } from './blocks';

// A funnel's opt-in block: the contract's address texts on the field before any request
// (focused), the server's refusal on its field, and the body it sends.

const ctx: BlockContext = { slug: 'spring', step: 2, events: [], onNext: () => {} };
const URL = '/api/marketing/public/funnels/spring/opt-in';

describe("a funnel's opt-in block", () => {
  it('names a missing or malformed address with the contract texts and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({ result: 'confirm' }));
    render(<OptIn props={{}} ctx={ctx} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    fireEvent.change(email, { target: { value: 'ana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field, focused, after sending the step", async () => {
    const calls = answerApi(() => fieldRefusal('body.name', 'Name must be at most 120 characters'));
    render(<OptIn props={{}} ctx={ctx} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name must be at most 120 characters')).toBeTruthy();
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toEqual([
      { method: 'POST', url: URL, body: { email: 'ana@example.com', name: 'Ana', step: 2 } },
    ]);
  });

  it('says to confirm by mail once the server asks for it', async () => {
    const calls = answerApi(() => HttpResponse.json({ result: 'confirm' }));
    render(<OptIn props={{ buttonLabel: 'Count me in' }} ctx={ctx} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Count me in' }));
    expect((await screen.findByRole('status')).textContent).toBe('Check your inbox to confirm.');
    expect(calls[0]?.body).toEqual({ email: 'ana@example.com', name: '', step: 2 });
  });
});
