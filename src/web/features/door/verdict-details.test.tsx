import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DoorQuestion, DoorTicket } from '../../../contracts/door';
import { DoorAnswers, SeatLine } from './verdict-details';

const ticket = (over: Partial<DoorTicket> = {}): DoorTicket => ({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  v: 0,
  h: 'h',
  n: 'Ada Obi',
  t: 0,
  s: 'valid',
  at: null,
  g: null,
  ...over,
});
const questions: DoorQuestion[] = [
  { id: 'aaaaaaaa-0000-4000-8000-0000000000q1', label: 'Dietary needs', type: 'short_text' },
  { id: 'aaaaaaaa-0000-4000-8000-0000000000q2', label: 'Wheelchair', type: 'checkbox' },
  { id: 'aaaaaaaa-0000-4000-8000-0000000000q3', label: 'Workshops', type: 'multiple_choice' },
];

describe('the seat on the verdict', () => {
  it('names the section, row and seat of a row seat', () => {
    render(<SeatLine seatId="A-Row C-12" sections={{ A: 'Stalls' }} />);
    expect(screen.getByTestId('verdict-seat').textContent).toBe('Stalls · Row C · Seat 12');
  });

  it('names a table seat, a standing section alone, and an id it cannot read as it is', () => {
    const { rerender } = render(<SeatLine seatId="T1-Seat 4" sections={{ T1: 'Table 1' }} />);
    expect(screen.getByTestId('verdict-seat').textContent).toBe('Table 1 · Seat 4');
    rerender(<SeatLine seatId="F-Standing 120" sections={{ F: 'Floor' }} />);
    expect(screen.getByTestId('verdict-seat').textContent).toBe('Floor');
    // A list without section names still says where.
    rerender(<SeatLine seatId="B-Row 3-7" sections={undefined} />);
    expect(screen.getByTestId('verdict-seat').textContent).toBe('B · Row 3 · Seat 7');
    rerender(<SeatLine seatId="Box 5" sections={{}} />);
    expect(screen.getByText('Box 5')).toBeTruthy();
  });
});

describe('the answers on the verdict', () => {
  it('shows the answered questions in the list’s order, in words', () => {
    render(
      <DoorAnswers
        ticket={ticket({ a: { '0': 'Vegetarian', '1': true, '2': ['Jazz', 'Salsa'] } })}
        questions={questions}
      />,
    );
    const rows = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(rows).toEqual(['Vegetarian', 'Yes', 'Jazz, Salsa']);
    expect(screen.getByText('Dietary needs:')).toBeTruthy();
  });

  it('shows nothing for a guest without answers', () => {
    const { container } = render(<DoorAnswers ticket={ticket()} questions={questions} />);
    expect(container.innerHTML).toBe('');
  });
});
