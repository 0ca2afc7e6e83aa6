import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutQuestion } from '../../../contracts/questions';
import type { OrderInput } from '../../../contracts/tickets';
import { server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { emptyDrafts, saveCheckoutDraft } from './checkout-draft';
import { CheckoutQuestionsPage } from './checkout-questions-page';

const EVENT = '00000000-0000-4000-8000-0000000000e1';
const VIP = '00000000-0000-4000-8000-0000000000f2';
const base = {
  eventId: EVENT,
  helpText: '',
  required: true,
  options: [],
  linkUrl: null,
  minValue: null,
  maxValue: null,
  ticketTypeIds: [],
  conditionQuestionId: null,
  conditionValues: [],
  type: 'short_text' as const,
};
const company: CheckoutQuestion = {
  ...base,
  id: 'q-company',
  position: 0,
  scope: 'order',
  label: 'Company',
};
const attendee: CheckoutQuestion = {
  ...base,
  id: 'q-name',
  position: 1,
  scope: 'ticket',
  label: 'Attendee name',
};

function openStep() {
  saveCheckoutDraft({
    target: { kind: 'order', input: { items: [{ ticketTypeId: VIP, quantity: 1 }] } as OrderInput },
    answers: emptyDrafts(),
  });
  server.use(
    http.get('/api/checkout/questions', () =>
      HttpResponse.json({
        questions: [company, attendee],
        ticketTypes: [{ id: VIP, name: 'VIP' }],
      }),
    ),
  );
  return renderWithRouter([{ path: '/checkout/questions', Component: CheckoutQuestionsPage }], {
    path: '/checkout/questions',
    user: makeUser(),
  });
}

const invalid = (field: HTMLElement) => field.getAttribute('aria-invalid') === 'true';

describe('the checkout questions step', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it("clears a field's message as soon as that field changes, and only that field's", async () => {
    openStep();
    const companyField = await screen.findByLabelText(/Company/);
    const nameField = screen.getByLabelText(/Attendee name/);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(invalid(companyField) && invalid(nameField)).toBe(true));
    expect(screen.getAllByText('Please answer this question')).toHaveLength(2);

    fireEvent.change(companyField, { target: { value: 'A' } });
    expect(invalid(companyField)).toBe(false);
    expect(invalid(nameField)).toBe(true);
    expect(screen.getAllByText('Please answer this question')).toHaveLength(1);
    expect(screen.getByText('Please check the answers marked below.')).toBeTruthy();

    fireEvent.change(nameField, { target: { value: 'Ada' } });
    expect(screen.queryByText('Please answer this question')).toBeNull();
    expect(screen.queryByText('Please check the answers marked below.')).toBeNull();
  });

  it("clears the server's message for a field once it is changed, without showing it for the page", async () => {
    server.use(
      http.post('/api/orders', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please check your answers',
              details: {
                fields: [
                  {
                    field: 'body.answers.order.q-company',
                    message: 'Please use 1 characters or fewer',
                  },
                ],
              },
            },
          },
          { status: 422 },
        ),
      ),
    );
    openStep();
    const companyField = await screen.findByLabelText(/Company/);
    fireEvent.change(companyField, { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/Attendee name/), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Please use 1 characters or fewer')).toBeTruthy();
    expect(invalid(companyField)).toBe(true);

    fireEvent.change(companyField, { target: { value: 'A' } });
    expect(screen.queryByText('Please use 1 characters or fewer')).toBeNull();
    expect(invalid(companyField)).toBe(false);
    expect(screen.queryByText('Please check your answers')).toBeNull();
  });
});
