import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SeatPlanSchema } from '../../../contracts/seating';
import { answerApi, fieldRefusal } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { PlanDesignerPage } from './plan-designer-page';
import { EMPTY_PLAN } from './plan-geometry';

// The plan designer's save: the name checked before sending (focused, listed with the plan's
// problems), the name kept in the undo history, the server's refusal on the name, and the body.

function renderDesigner(answer: () => Response) {
  const calls = answerApi(answer);
  renderWithRouter([{ path: '/seating/plans/:planId', element: <PlanDesignerPage /> }], {
    path: '/seating/plans/new',
  });
  return calls;
}

describe('the plan designer’s save', () => {
  it('asks for a name before sending, focused and listed; undo brings back the name', async () => {
    const calls = renderDesigner(() => HttpResponse.json({}));
    const name = await screen.findByLabelText('Plan name');
    fireEvent.change(name, { target: { value: 'Hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('name: Please enter a name for this plan');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Please enter a name for this plan')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toEqual([]);
  });

  it('puts the server’s refusal on the name and sends the name and the plan', async () => {
    const calls = renderDesigner(() => fieldRefusal('body.name', 'A plan has this name already'));
    const name = await screen.findByLabelText('Plan name');
    fireEvent.change(name, { target: { value: 'Hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'name: A plan has this name already',
    );
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/seating/plans',
        body: { name: 'Hall', plan: SeatPlanSchema.parse(EMPTY_PLAN) },
      },
    ]);
  });
});
