import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../test/msw';
import { AddSubscriberForm, CreateListForm } from './list-forms';

// The two forms of /email-lists: the contract's texts on their fields before any request (focus
// on the first), the server's refusal on its field, and the body each sends.

const LIST = '11111111-1111-4111-8111-111111111111';

function renderWith(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe('the new list form', () => {
  it('names an empty list name with the contract text and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderWith(<CreateListForm />);
    fireEvent.change(screen.getByLabelText('List name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    const name = screen.getByLabelText('List name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field, focused, after sending the choices", async () => {
    const calls = answerApi(() => fieldRefusal('body.name', 'A list with this name exists'));
    renderWith(<CreateListForm />);
    fireEvent.change(screen.getByLabelText('List name'), { target: { value: 'Jazz fans' } });
    fireEvent.change(screen.getByLabelText('People'), { target: { value: 'all_attendees' } });
    fireEvent.change(screen.getByLabelText('Sign-up form'), { target: { value: 'public' } });
    fireEvent.change(screen.getByLabelText('Opt-in'), { target: { value: 'single' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('A list with this name exists')).toBeTruthy();
    const name = screen.getByLabelText('List name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/marketing/lists',
        body: { name: 'Jazz fans', visibility: 'public', optIn: 'single', kind: 'all_attendees' },
      },
    ]);
  });

  it('creates a private double opt-in list by default and empties the name', async () => {
    const calls = answerApi(() => HttpResponse.json({ id: LIST }));
    renderWith(<CreateListForm />);
    fireEvent.change(screen.getByLabelText('List name'), { target: { value: 'Jazz fans' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() =>
      expect((screen.getByLabelText('List name') as HTMLInputElement).value).toBe(''),
    );
    expect(calls[0]?.body).toEqual({
      name: 'Jazz fans',
      visibility: 'private',
      optIn: 'double',
      kind: 'manual',
    });
  });
});

describe('the add subscriber form', () => {
  it('names a malformed address with the contract text and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderWith(<AddSubscriberForm listId={LIST} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'lee@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add subscriber' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field, focused, after sending the address and name", async () => {
    const calls = answerApi(() => fieldRefusal('body.email', 'This address unsubscribed'));
    renderWith(<AddSubscriberForm listId={LIST} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'lee@example.com' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add subscriber' }));
    expect(await screen.findByText('This address unsubscribed')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `/api/marketing/lists/${LIST}/subscribers`,
        body: { email: 'lee@example.com', name: 'Lee' },
      },
    ]);
  });
});
