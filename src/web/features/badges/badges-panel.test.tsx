import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BadgeTemplateList } from '../../../contracts/badges';
import { answerApi, fieldRefusal, recordRequests, requestJson, server } from '../../test/msw';
import { BadgesPanel } from './badges-panel';

const EVENT = '11111111-1111-4111-8111-111111111111';
const QUESTION = '22222222-2222-4222-8222-222222222222';
const TEMPLATE = '33333333-3333-4333-8333-333333333333';

function show(list: BadgeTemplateList) {
  server.use(http.get(`/api/badges/events/${EVENT}/templates`, () => HttpResponse.json(list)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BadgesPanel eventId={EVENT} />
    </QueryClientProvider>,
  );
}

const EMPTY: BadgeTemplateList = {
  templates: [],
  questions: [{ id: QUESTION, label: 'Company' }],
  hasLogo: false,
};

describe('BadgesPanel', () => {
  it('previews a new template as it is edited and names a missing name before saving', async () => {
    show(EMPTY);
    fireEvent.click(await screen.findByRole('button', { name: 'New badge template' }));
    const form = screen.getByRole('form', { name: 'New badge template' });
    const preview = within(form).getByRole('img', { name: 'Badge preview' });
    expect(within(preview).getByText('General admission')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Under the name'), {
      target: { value: QUESTION },
    });
    expect(within(preview).getByText('Answer to “Company”')).toBeTruthy();
    fireEvent.click(within(form).getByLabelText('Ticket type'));
    expect(within(preview).queryByText('General admission')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByText('Please name the template')).toBeTruthy();
  });

  it('saves a template with the chosen question and links each template to its PDF', async () => {
    const requests = recordRequests();
    server.use(
      http.post(`/api/badges/events/${EVENT}/templates`, () => HttpResponse.json({ id: TEMPLATE })),
    );
    show({
      ...EMPTY,
      templates: [
        {
          id: TEMPLATE,
          eventId: EVENT,
          name: 'Speakers',
          size: 'label_4x3',
          subtitleQuestionId: QUESTION,
          showTicketType: true,
          showQr: true,
          showLogo: false,
          updatedAt: '2026-12-01T10:00:00.000Z',
        },
      ],
    });
    const print = await screen.findByRole('link', { name: 'Print badges: Speakers' });
    expect(print.getAttribute('href')).toBe(`/api/badges/templates/${TEMPLATE}/pdf`);
    fireEvent.click(screen.getByLabelText('Only guests checked in'));
    expect(print.getAttribute('href')).toBe(`/api/badges/templates/${TEMPLATE}/pdf?checkedIn=true`);
    expect(screen.getByText('Label, 4 × 3 in')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New badge template' }));
    const form = screen.getByRole('form', { name: 'New badge template' });
    fireEvent.change(within(form).getByLabelText('Template name'), {
      target: { value: 'Everyone' },
    });
    fireEvent.change(within(form).getByLabelText('Under the name'), {
      target: { value: QUESTION },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    // Saved: the form closes.
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted && (await requestJson(posted))).toEqual({
      name: 'Everyone',
      size: 'a4_8',
      subtitleQuestionId: QUESTION,
      showTicketType: true,
      showQr: true,
      showLogo: false,
    });
  });

  it("focuses the named field before sending, and puts the server's refusal on its field", async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET'
        ? HttpResponse.json(EMPTY)
        : fieldRefusal('body.subtitleQuestionId', 'Please choose a question of this event'),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BadgesPanel eventId={EVENT} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New badge template' }));
    const form = screen.getByRole('form', { name: 'New badge template' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByText('Please name the template')).toBeTruthy();
    const name = within(form).getByLabelText('Template name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(name, { target: { value: ' Crew ' } });
    fireEvent.change(within(form).getByLabelText('Under the name'), {
      target: { value: QUESTION },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByText('Please choose a question of this event')).toBeTruthy();
    const subtitle = within(form).getByLabelText('Under the name');
    expect(subtitle.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(subtitle));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `/api/badges/events/${EVENT}/templates`,
        body: {
          name: 'Crew',
          size: 'a4_8',
          subtitleQuestionId: QUESTION,
          showTicketType: true,
          showQr: true,
          showLogo: false,
        },
      },
    ]);
  });
});
