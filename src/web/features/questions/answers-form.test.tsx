import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CheckoutQuestion } from '../../../contracts/questions';
import { AnswersForm, ticketSlots } from './answers-form';
import { answersInput, emptyDrafts, type AnswerDrafts } from './checkout-draft';

const VIP = '00000000-0000-4000-8000-0000000000f2';
const base = {
  eventId: '00000000-0000-4000-8000-0000000000e1',
  helpText: '',
  required: false,
  options: [],
  linkUrl: null,
  minValue: null,
  maxValue: null,
  ticketTypeIds: [],
  conditionQuestionId: null,
  conditionValues: [],
};
const company: CheckoutQuestion = {
  ...base,
  id: 'q-company',
  position: 0,
  scope: 'order',
  type: 'short_text',
  label: 'Company',
};
const dietary: CheckoutQuestion = {
  ...base,
  id: 'q-dietary',
  position: 1,
  scope: 'ticket',
  type: 'checkbox',
  label: 'Any dietary needs?',
};
const which: CheckoutQuestion = {
  ...base,
  id: 'q-which',
  position: 2,
  scope: 'ticket',
  type: 'short_text',
  label: 'If yes, which?',
  required: true,
  conditionQuestionId: 'q-dietary',
  conditionValues: ['true'],
};
const lines = [{ ticketTypeId: VIP, quantity: 2 }];

function Harness({ onDrafts }: { onDrafts: (d: AnswerDrafts) => void }) {
  const [drafts, setDrafts] = useState<AnswerDrafts>(emptyDrafts());
  return (
    <AnswersForm
      questions={[company, dietary, which]}
      slots={ticketSlots(lines, new Map([[VIP, 'VIP']]))}
      drafts={drafts}
      errors={{ [`answers.tickets.${VIP}.1.q-dietary`]: 'Please tick this box to continue' }}
      onChange={(next) => {
        setDrafts(next);
        onDrafts(next);
      }}
    />
  );
}

describe('the checkout questions form', () => {
  it('asks the order once and each ticket under its own heading, a follow-up only once its answer is given', () => {
    let latest = emptyDrafts();
    render(<Harness onDrafts={(d) => (latest = d)} />);
    expect(screen.getByRole('heading', { name: 'About your order' })).toBeTruthy();
    const first = screen.getByRole('region', { name: 'Ticket 1 · VIP' });
    const second = screen.getByRole('region', { name: 'Ticket 2 · VIP' });
    expect(within(first).queryByLabelText(/If yes, which\?/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    fireEvent.click(within(first).getByLabelText('Any dietary needs?'));
    const follow = within(first).getByLabelText(/If yes, which\?/);
    expect(follow.getAttribute('aria-required')).toBe('true');
    fireEvent.change(follow, { target: { value: 'Vegan' } });
    expect(within(second).queryByLabelText(/If yes, which\?/)).toBeNull();

    // The error is read with its field.
    const box = within(second).getByLabelText('Any dietary needs?');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(within(second).getByText('Please tick this box to continue')).toBeTruthy();

    expect(answersInput(latest, lines)).toEqual({
      order: { 'q-company': 'Acme' },
      tickets: [
        { ticketTypeId: VIP, answers: { 'q-dietary': true, 'q-which': 'Vegan' } },
        { ticketTypeId: VIP, answers: {} },
      ],
    });
  });
});
