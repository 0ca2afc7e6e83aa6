import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../test/msw';
import { NewHelpArticleForm } from './new-help-article-form';

// The admin's "New article" form: the contract's texts on their fields before any request (focus
// on the first), the server's refusal on its field, and the body it sends.

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewHelpArticleForm />
    </QueryClientProvider>,
  );
}

describe("the admin's new help article form", () => {
  it('names the empty title and body with the contract texts and focuses the title, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderForm();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Body is required')).toBeTruthy();
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Body').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field, focused, after sending the article as typed", async () => {
    const calls = answerApi(() =>
      fieldRefusal('body.summary', 'Summary must be at most 300 characters'),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Refunds' } });
    fireEvent.change(screen.getByLabelText('Category'), {
      target: { value: 'tickets-and-payments' },
    });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'Who pays back' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'Ask the organizer.' } });
    fireEvent.click(screen.getByLabelText('Show on the FAQ page'));
    fireEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('Summary must be at most 300 characters')).toBeTruthy();
    const summary = screen.getByLabelText('Summary');
    expect(summary.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/help/articles',
        body: {
          title: 'Refunds',
          category: 'tickets-and-payments',
          summary: 'Who pays back',
          body: 'Ask the organizer.',
          isFaq: true,
        },
      },
    ]);
  });

  it('saves an article, says so and empties the form', async () => {
    const calls = answerApi(() => HttpResponse.json({ title: 'Refunds' }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Refunds' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'Ask the organizer.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('Saved “Refunds”.')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(calls[0]?.body).toEqual({
      title: 'Refunds',
      category: 'getting-started',
      summary: '',
      body: 'Ask the organizer.',
      isFaq: false,
    });
  });
});
