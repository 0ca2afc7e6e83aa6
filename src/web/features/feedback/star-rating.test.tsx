import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRating, StarsOf } from './star-rating';

function Harness() {
  const [value, setValue] = useState<number | null>(null);
  return <StarRating name="r" legend="Your overall rating" value={value} onChange={setValue} />;
}

describe('StarRating', () => {
  it('is a named radio group of five stars that a label click selects', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Your overall rating' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(radios.every((radio) => radio.getAttribute('name') === 'r')).toBe(true);
    fireEvent.click(screen.getByText('4 stars: very good'));
    expect(
      (screen.getByRole('radio', { name: '4 stars: very good' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('reads a given rating as a number of stars', () => {
    render(<StarsOf rating={3} />);
    expect(screen.getByRole('img', { name: '3 of 5 stars' })).toBeTruthy();
  });
});
