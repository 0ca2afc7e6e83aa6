import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TICKET_MESSAGES } from '../../../../contracts/tickets';
import { answerApi } from '../../../test/msw';
import { makeUser, renderWithRouter } from '../../../test/render-with-router';
import { TicketTypeDialog } from './ticket-type-dialog';

// The ticket type dialog: the contract's texts on their fields before any request, the body in
// cents, the server's field refusals (a plan limit with its /pricing link) on their fields.

const EVENT_ID = '33333333-3333-4333-8333-333333333333';

function stubApi(answer: (body: unknown) => Response) {
  return answerApi(({ method, body }) =>
    method === 'POST' ? answer(body) : HttpResponse.json({}),
  );
}

function renderDialog(onOpenChange = vi.fn()) {
  renderWithRouter(
    [
      {
        path: '/',
        element: (
          <TicketTypeDialog
            eventId={EVENT_ID}
            type={null}
            defaultCurrency="USD"
            open
            onOpenChange={onOpenChange}
          />
        ),
      },
    ],
    { user: makeUser() },
  );
  return onOpenChange;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add ticket type' }));

describe('TicketTypeDialog', () => {
  it('names the bad fields with the contract texts without saving', async () => {
    const calls = stubApi(() => HttpResponse.json({}));
    renderDialog();
    type('Least per order', '5');
    type('Most per order', '2');
    add();
    expect(await screen.findByText(TICKET_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(TICKET_MESSAGES.perOrder)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adds the type with its price in cents and closes', async () => {
    const calls = stubApi((body) => HttpResponse.json({ ...(body as object), id: 't1' }));
    const onOpenChange = renderDialog();
    type('Name', 'Early bird');
    type('Price', '12.50');
    add();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const posted = calls.find((c) => c.url === `/api/events/${EVENT_ID}/ticket-types`);
    expect(posted?.body).toMatchObject({ name: 'Early bird', priceCents: 1250, quantity: 100 });
  });

  it("shows the server's refusal on its field, a plan limit with the pricing link", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the marked fields',
            details: {
              fields: [
                {
                  field: 'body.quantity',
                  message: 'Your plan sells up to 50 tickets per event. See /pricing',
                },
              ],
            },
          },
        },
        { status: 400 },
      ),
    );
    const onOpenChange = renderDialog();
    type('Name', 'Early bird');
    add();
    expect(await screen.findByText(/Your plan sells up to 50 tickets per event/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'plans and pricing' }).getAttribute('href')).toBe(
      '/pricing',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Tickets available')),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
