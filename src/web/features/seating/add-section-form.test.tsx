import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEATING_MESSAGES, type Section } from '../../../contracts/seating';
import { AddSectionForm } from './add-section-form';

// The plan designer's "Add to the plan": the contract's texts on their fields (focus on the
// first) and nothing added; a good section is added as the schema gives it. The plan itself is
// sent by the designer's save, so this form makes no request.

const CATEGORIES = [{ id: 'std', name: 'Standard', color: '#2563eb' }];

function renderForm() {
  const onAdd = vi.fn<(section: Section) => void>();
  render(<AddSectionForm categories={CATEGORIES} nextKey="s3" nextY={140} onAdd={onAdd} />);
  return onAdd;
}

describe('AddSectionForm', () => {
  it('names each bad field with the contract text and focuses the first, adding nothing', async () => {
    const onAdd = renderForm();
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Seats per row'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(SEATING_MESSAGES.rows)).toBeTruthy();
    expect(screen.getByText(SEATING_MESSAGES.seatsPerRow)).toBeTruthy();
    const rows = screen.getByLabelText('Rows');
    expect(rows.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(rows));
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds a table with its seats and category, then empties the name', async () => {
    const onAdd = renderForm();
    fireEvent.change(screen.getByLabelText('What to add'), { target: { value: 'table' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Table 1 ' } });
    fireEvent.change(screen.getByLabelText('Seats at the table'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]?.[0]).toEqual({
      kind: 'table',
      id: 's3',
      name: 'Table 1',
      x: 20,
      y: 140,
      seats: 6,
      categoryId: 'std',
    });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });
});
