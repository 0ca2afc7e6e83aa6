import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SEGMENT_MESSAGES, type EmailList } from '../../../contracts/marketing';
import { answerApi, type ApiCall } from '../../test/msw';
import { CampaignEditor } from './campaign-editor';

// The campaign editor: the contract's texts on their fields before any save (focus on the
// first), the server's refusal on its field, the draft as the API takes it.

const LIST = '00000000-0000-4000-8000-0000000000c1';
const lists = [{ id: LIST, name: 'Fans', counts: { subscribed: 3 } } as EmailList];
/** The campaign saves among the calls (the segment's count is asked by POST as well). */
const saves = (calls: ApiCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/marketing/email-campaigns'));

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CampaignEditor campaign={null} lists={lists} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

/** The API: my events (none), the segment's count, and the given answer to a save. */
const api = (save: (call: ApiCall) => Response) =>
  answerApi((call) =>
    saves([call]).length ? save(call) : HttpResponse.json({ events: [], count: 0 }),
  );

describe('CampaignEditor', () => {
  it('names the bad field with the contract text and focuses it, without saving', async () => {
    const calls = api(() => HttpResponse.json({}));
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    const subject = screen.getByLabelText('Subject');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(subject));
    expect(saves(calls)).toHaveLength(0);
  });

  it("names a segment condition's problem on its row and focuses it, without saving", async () => {
    const calls = api(() => HttpResponse.json({}));
    renderEditor();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'News' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Fans/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(SEGMENT_MESSAGES.value)).toBeTruthy();
    const value = screen.getByLabelText('Condition 1 value');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect(saves(calls)).toHaveLength(0);
  });

  it("shows the server's refusal of a field on that field and focuses it", async () => {
    const calls = api(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Check the marked fields',
            details: { fields: [{ field: 'body.fromName', message: 'From name is not allowed' }] },
          },
        },
        { status: 400 },
      ),
    );
    renderEditor();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'News' } });
    fireEvent.change(screen.getByLabelText('From name'), { target: { value: 'Admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const from = screen.getByLabelText('From name');
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('From name is not allowed').length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toBe(from));
    expect(saves(calls)).toHaveLength(1);
  });

  it('saves the draft as the API takes it', async () => {
    const calls = api(() => HttpResponse.json({ id: '00000000-0000-4000-8000-0000000000d1' }));
    renderEditor();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'News' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Fans/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    expect(saves(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/marketing/email-campaigns',
      body: {
        subject: 'News',
        preheader: '',
        fromName: '',
        listIds: [LIST],
        trackOpens: false,
        trackClicks: true,
        eventId: null,
        segment: null,
      },
    });
  });
});
