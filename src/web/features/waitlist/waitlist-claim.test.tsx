import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WaitlistPlace } from '../../../contracts/waitlist';
import { server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { WaitlistPlacePage } from './waitlist-place-page';

const TYPE_ID = '00000000-0000-4000-8000-0000000000a1';
const QUESTION_ID = '00000000-0000-4000-8000-0000000000b1';
const PLACE: WaitlistPlace = {
  id: '00000000-0000-4000-8000-0000000000c1',
  eventId: '00000000-0000-4000-8000-0000000000e1',
  eventTitle: 'Harbour Nights',
  ticketTypeId: TYPE_ID,
  ticketTypeName: 'Standing',
  priceCents: 2500,
  currency: 'USD',
  email: 'priya@example.com',
  quantity: 2,
  status: 'offered',
  ahead: null,
  offeredQuantity: 2,
  offerExpiresAt: '2031-01-01T12:00:00.000Z',
  orderId: null,
  joinedAt: '2030-12-01T12:00:00.000Z',
  token: 'place-token',
};
const QUESTION = {
  id: QUESTION_ID,
  eventId: PLACE.eventId,
  position: 0,
  scope: 'ticket',
  type: 'single_choice',
  label: 'Dietary needs',
  helpText: '',
  required: true,
  options: ['None', 'Vegan'],
  linkUrl: null,
  minValue: null,
  maxValue: null,
  ticketTypeIds: [],
  conditionQuestionId: null,
  conditionValues: [],
};

describe('claiming a waiting-list offer', () => {
  it("asks the event's questions for each offered ticket and shows the server's message under the field", async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/waitlist/places/:token', () => HttpResponse.json(PLACE)),
      http.get('/api/checkout/questions', () =>
        HttpResponse.json({
          questions: [QUESTION],
          ticketTypes: [{ id: TYPE_ID, name: 'Standing' }],
        }),
      ),
      http.post('/api/waitlist/places/:token/claim', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Please check the answers',
              details: {
                fields: [
                  {
                    field: `body.answers.tickets.${TYPE_ID}.1.${QUESTION_ID}`,
                    message: 'Please answer this question',
                  },
                ],
              },
            },
          },
          { status: 400 },
        );
      }),
    );
    renderWithRouter([{ path: '/waitlist/:token', element: <WaitlistPlacePage /> }], {
      path: '/waitlist/place-token',
      user: makeUser(),
    });
    // The place, then the questions: two requests on a loaded machine.
    const first = await screen.findByRole(
      'region',
      { name: 'Ticket 1 · Standing' },
      { timeout: 5000 },
    );
    const second = screen.getByRole('region', { name: 'Ticket 2 · Standing' });
    fireEvent.click(within(first).getByRole('radio', { name: 'Vegan' }));
    fireEvent.click(screen.getByRole('button', { name: /Buy my tickets/ }));
    expect(
      await within(second).findByText('Please answer this question', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Please check the answers marked above.')).toBeTruthy();
    expect(sent[0]).toEqual({
      answers: {
        order: {},
        tickets: [
          { ticketTypeId: TYPE_ID, answers: { [QUESTION_ID]: 'Vegan' } },
          { ticketTypeId: TYPE_ID, answers: {} },
        ],
      },
    });
  });
});
