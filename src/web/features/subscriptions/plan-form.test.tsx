import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, type ApiCall } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { PlanForm } from './plan-form';

// The admin's plan form: the contract's checks name the field on the client, the server's
// refusals land on their fields, and a created plan clears the form.

function stubApi(answer: (call: ApiCall) => Response) {
  return answerApi((call) =>
    call.method === 'POST' ? answer(call) : HttpResponse.json([], { status: 200 }),
  );
}

function renderForm(onDone = vi.fn()) {
  renderWithRouter([{ path: '/', element: <PlanForm plan={null} onDone={onDone} /> }], {
    user: makeUser({ roles: ['admin'] }),
  });
  return onDone;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

describe('PlanForm', () => {
  it('names and focuses the first bad field with the contract text without sending', async () => {
    const calls = stubApi(() => HttpResponse.json({}));
    renderForm();
    type('Name', 'Pro');
    type('Monthly price (USD)', '9.99');
    type('Free trial days', '120');
    create();
    expect(await screen.findByText('At most 90 trial days')).toBeTruthy();
    const trial = screen.getByLabelText('Free trial days');
    expect(trial.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(trial));
    expect(posts(calls)).toHaveLength(0);
  });

  it('creates the plan with the price in cents and clears the form', async () => {
    const calls = stubApi(({ body }) =>
      HttpResponse.json({ ...(body as object), id: 'p1' }, { status: 201 }),
    );
    const onDone = renderForm();
    type('Name', 'Pro');
    type('Monthly price (USD)', '9.99');
    type('Features', 'Messaging\n\n Group chat ');
    create();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toEqual({
      name: 'Pro',
      priceMonthly: 999,
      description: '',
      features: ['Messaging', 'Group chat'],
      maxAttendees: -1,
      trialDays: 0,
      hasMessaging: false,
      hasChat: false,
      hasRecording: false,
      hasSharing: false,
      isActive: true,
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal of the price on the price field", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the marked fields',
            details: { fields: [{ field: 'body.priceMonthly', message: 'Price is too high' }] },
          },
        },
        { status: 400 },
      ),
    );
    const onDone = renderForm();
    type('Name', 'Pro');
    type('Monthly price (USD)', '9.99');
    create();
    expect(await screen.findByText('Price is too high')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Monthly price (USD)')),
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
