import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expandPlan, type Seat } from '../../../contracts/seat-layout';
import { SeatPlanSchema, type SeatPlan } from '../../../contracts/seating';
import { SeatMap } from './seat-map';

const plan = (rows: number, seatsPerRow: number, y = 60): SeatPlan =>
  SeatPlanSchema.parse({
    categories: [{ id: 'std', name: 'Standard', color: '#1f6feb' }],
    sections: [
      { id: 'A', name: 'North', kind: 'grid', x: 0, y, rows, seatsPerRow, categoryId: 'std' },
    ],
    seatFlags: {},
  });

function drawMap(seatPlan: SeatPlan, chosen: string[] = []) {
  const seats = expandPlan(seatPlan);
  const onSeat = vi.fn<(seat: Seat) => void>();
  const view = render(
    <SeatMap
      plan={seatPlan}
      seats={seats}
      viewOf={(seat) => (chosen.includes(seat.id) ? 'selected' : 'available')}
      selected={chosen}
      onSeat={onSeat}
    />,
  );
  const svg = view.container.querySelector('svg[role="img"]') as SVGSVGElement;
  return { seats, onSeat, svg, view };
}

describe('the seat map', () => {
  it('draws a hall as one element per seat', () => {
    const { svg } = drawMap(plan(10, 20));
    expect(svg.querySelectorAll('[data-seat]')).toHaveLength(200);
  });

  it('paints an arena on a canvas: only the chosen seat is an element, and a click finds the seat under it', () => {
    const { seats, svg, onSeat, view } = drawMap(plan(60, 50), ['A-Row A-2']);
    expect(view.container.querySelector('canvas')?.getAttribute('aria-hidden')).toBe('true');
    expect(
      [...svg.querySelectorAll('[data-seat]')].map((e) => e.getAttribute('data-seat')),
    ).toEqual(['A-Row A-2']);
    // The SVG drawn at one pixel per plan unit from its viewBox's corner.
    const [left = 0, top = 0, width = 0, height = 0] = (svg.getAttribute('viewBox') ?? '')
      .split(' ')
      .map(Number);
    svg.getBoundingClientRect = () => new DOMRect(0, 0, width, height);
    const target = seats.find((s) => s.id === 'A-Row C-7');
    fireEvent.click(svg, {
      clientX: (target?.x ?? 0) - left + 3,
      clientY: (target?.y ?? 0) - top - 2,
    });
    expect(onSeat).toHaveBeenCalledWith(target);
    // Between two rows' seats there is none.
    onSeat.mockClear();
    fireEvent.click(svg, {
      clientX: (target?.x ?? 0) - left + 12,
      clientY: (target?.y ?? 0) - top + 12,
    });
    expect(onSeat).not.toHaveBeenCalled();
  });

  it('keeps room above a grid at the top of the plan for its name', () => {
    const { svg } = drawMap(plan(2, 3, 0));
    const [, top = 0] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const name = [...svg.querySelectorAll('text')].find((t) => t.textContent === 'North');
    const firstRow = Math.min(
      ...[...svg.querySelectorAll('circle')].map(
        (c) => Number(c.getAttribute('cy')) - Number(c.getAttribute('r')),
      ),
    );
    expect(Number(name?.getAttribute('y'))).toBeLessThan(firstRow);
    expect(Number(name?.getAttribute('y')) - 11).toBeGreaterThanOrEqual(top);
  });
});
