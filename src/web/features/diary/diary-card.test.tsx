import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DiaryEntryInputSchema, type DiaryItem } from '../../../contracts/diary';
import { answerApi, fieldRefusal } from '../../test/msw';
import { DiaryCard } from './diary-card';

// A diary entry's form: the contract's check on the tags before any request (focused), the
// server's refusal on its field, and the body it sends.

const TAGS_TEXT = 'Up to 20 tags, each up to 40 characters';
const EVENT = '11111111-1111-4111-8111-111111111111';
const ITEM: DiaryItem = {
  event: {
    id: EVENT,
    title: 'Rooftop jazz',
    startsAt: '2026-11-20T19:00:00.000Z',
    endsAt: null,
    location: 'Lisbon',
    status: 'published',
  },
  source: 'ticket',
  entry: null,
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DiaryCard item={ITEM} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a diary entry form', () => {
  it("names a too long tag with the contract's text and focuses Tags, without sending", async () => {
    const calls = answerApi(() => HttpResponse.json({ id: EVENT }));
    const long = 'x'.repeat(41);
    const text = DiaryEntryInputSchema.safeParse({ tags: [long] }).error?.issues[0]?.message;
    expect(text).toBeTruthy();
    // The contract's own text (in the contract catalogs), not zod's generic English.
    expect(text).toBe(TAGS_TEXT);
    renderCard();
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: `jazz, ${long}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText(text ?? '')).toBeTruthy();
    const tags = screen.getByLabelText('Tags');
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(tags));
    expect(calls).toHaveLength(0);
  });

  it('names more than 20 tags with the same text on Tags, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({ id: EVENT }));
    renderCard();
    const many = Array.from({ length: 21 }, (_, i) => `tag${i + 1}`).join(', ');
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: many } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText(TAGS_TEXT)).toBeTruthy();
    const tags = screen.getByLabelText('Tags');
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(tags));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of a tag on Tags, focused, after sending the entry", async () => {
    const calls = answerApi(() => fieldRefusal('body.tags.1', 'This tag is not allowed'));
    renderCard();
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Great trio' } });
    fireEvent.change(screen.getByLabelText('Mood'), { target: { value: 'loved_it' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: ' jazz, , late night ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('This tag is not allowed')).toBeTruthy();
    const tags = screen.getByLabelText('Tags');
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(tags));
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: `/api/diary/events/${EVENT}`,
        body: { notes: 'Great trio', mood: 'loved_it', rating: 5, tags: ['jazz', 'late night'] },
      },
    ]);
  });

  it('saves an empty entry with no mood or rating as null and says so', async () => {
    const calls = answerApi(() => HttpResponse.json({ id: EVENT }));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: `/api/diary/events/${EVENT}`,
      body: { notes: '', mood: null, rating: null, tags: [] },
    });
  });
});
