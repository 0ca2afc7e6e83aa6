import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestAvailable, expandPlan, rowLabel, seatIdParts, seatNumber } from './seat-layout';
import { SeatPlanSchema, type SeatPlanInput } from './seating';

const plan = (input: Partial<SeatPlanInput> = {}) =>
  SeatPlanSchema.parse({
    categories: [
      { id: 'std', name: 'Standard', color: '#1f6feb' },
      { id: 'vip', name: 'VIP', color: '#d4a017' },
    ],
    sections: [
      {
        id: 'A',
        name: 'Stalls',
        kind: 'grid',
        x: 0,
        y: 0,
        rows: 3,
        seatsPerRow: 12,
        categoryId: 'std',
      },
    ],
    ...input,
  });

describe('expanding a plan', () => {
  it('names seats by section, row and number, left to right or right to left', () => {
    const ltr = expandPlan(plan());
    expect(ltr).toHaveLength(36);
    expect(ltr[0]?.id).toBe('A-Row A-1');
    expect(ltr[35]?.id).toBe('A-Row C-12');
    const rtl = expandPlan(
      plan({
        sections: [
          {
            id: 'B',
            name: 'Circle',
            kind: 'grid',
            x: 0,
            y: 0,
            rows: 3,
            seatsPerRow: 12,
            rowLabels: 'numbers',
            numbering: 'rtl',
            categoryId: 'std',
          },
        ],
      }),
    );
    expect(rtl[0]?.id).toBe('B-Row 1-12');
    expect(rtl[11]?.id).toBe('B-Row 1-1');
    expect(rtl.find((s) => s.id === 'B-Row 3-12')).toBeDefined();
  });

  it('numbers odd and even sides', () => {
    expect([0, 1, 2].map((c) => seatNumber(c, 3, 'ltr', 'odd'))).toEqual([1, 3, 5]);
    expect([0, 1, 2].map((c) => seatNumber(c, 3, 'rtl', 'even'))).toEqual([6, 4, 2]);
  });

  it('labels rows A…Z then AA', () => {
    expect(rowLabel(0, 'letters')).toBe('A');
    expect(rowLabel(25, 'letters')).toBe('Z');
    expect(rowLabel(26, 'letters')).toBe('AA');
    expect(rowLabel(4, 'numbers')).toBe('5');
  });

  it('gives tables their seats and standing areas their places, with per-seat flags and categories', () => {
    const seats = expandPlan(
      plan({
        sections: [
          { id: 'T1', name: 'Table 1', kind: 'table', x: 0, y: 0, seats: 8, categoryId: 'vip' },
          {
            id: 'F',
            name: 'Floor',
            kind: 'standing',
            x: 0,
            y: 200,
            width: 200,
            height: 100,
            capacity: 5,
            categoryId: 'std',
          },
          { id: 'S', name: 'Stage', kind: 'stage', x: 0, y: 400, width: 300, height: 50 },
        ],
        seatFlags: { 'T1-Seat 2': ['wheelchair'] },
        seatCategories: { 'T1-Seat 3': 'std' },
      }),
    );
    expect(seats).toHaveLength(13);
    expect(seats.find((s) => s.id === 'T1-Seat 2')?.flags).toEqual(['wheelchair']);
    expect(seats.find((s) => s.id === 'T1-Seat 3')?.categoryId).toBe('std');
    expect(seats.filter((s) => s.kind === 'standing').map((s) => s.id)).toContain('F-Standing 5');
  });

  it('refuses duplicate section keys, unknown categories and bad colours, naming the field', () => {
    const result = SeatPlanSchema.safeParse({
      categories: [{ id: 'std', name: 'Standard', color: 'blue' }],
      sections: [
        { id: 'A', name: 'A', kind: 'grid', x: 0, y: 0, rows: 1, seatsPerRow: 1, categoryId: 'x' },
        { id: 'A', name: 'B', kind: 'label', x: 0, y: 0 },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['categories.0.color', 'sections', 'sections.0.categoryId']),
    );
  });

  it('expands into unique ids and exactly the sum of its sections (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            rows: fc.integer({ min: 1, max: 30 }),
            seatsPerRow: fc.integer({ min: 1, max: 40 }),
            rowLabels: fc.constantFrom('letters' as const, 'numbers' as const),
            numbering: fc.constantFrom('ltr' as const, 'rtl' as const),
            parity: fc.constantFrom('all' as const, 'odd' as const, 'even' as const),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (grids) => {
          const seats = expandPlan(
            plan({
              sections: grids.map((g, i) => ({
                ...g,
                id: `S${i}`,
                name: `S${i}`,
                kind: 'grid' as const,
                x: 0,
                y: 0,
                categoryId: 'std',
              })),
            }),
          );
          expect(new Set(seats.map((s) => s.id)).size).toBe(seats.length);
          expect(seats.length).toBe(grids.reduce((n, g) => n + g.rows * g.seatsPerRow, 0));
        },
      ),
    );
  });
});

describe('best available N together', () => {
  const seats = expandPlan(plan());

  it('takes the middle of the front row when it is free', () => {
    expect(bestAvailable(seats, new Set(), 'std', 2)).toEqual({
      seatIds: ['A-Row A-6', 'A-Row A-7'],
      together: true,
    });
  });

  it('skips a row without room and never offers taken, blocked or wheelchair seats', () => {
    const flagged = expandPlan(
      plan({
        seatFlags: { 'A-Row B-1': ['blocked'], 'A-Row B-2': ['wheelchair'] },
        sections: [
          {
            id: 'A',
            name: 'A',
            kind: 'grid',
            x: 0,
            y: 0,
            rows: 2,
            seatsPerRow: 4,
            categoryId: 'std',
          },
        ],
      }),
    );
    const taken = new Set(['A-Row A-2', 'A-Row A-3']);
    expect(bestAvailable(flagged, taken, 'std', 2)).toEqual({
      seatIds: ['A-Row B-3', 'A-Row B-4'],
      together: true,
    });
    expect(bestAvailable(flagged, taken, 'std', 3)).toEqual({
      seatIds: ['A-Row A-1', 'A-Row A-4', 'A-Row B-3'],
      together: false,
    });
    expect(bestAvailable(flagged, taken, 'std', 5)).toBeNull();
    expect(bestAvailable(flagged, taken, 'vip', 1)).toBeNull();
  });

  it('always answers free seats of the category, together when any row has room (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: seats.length - 1 }), { maxLength: seats.length }),
        fc.integer({ min: 1, max: 10 }),
        (takenIndexes, quantity) => {
          const taken = new Set(takenIndexes.map((i) => seats[i]?.id ?? ''));
          const answer = bestAvailable(seats, taken, 'std', quantity);
          const free = seats.filter((s) => !taken.has(s.id));
          if (free.length < quantity) return expect(answer).toBeNull();
          expect(answer?.seatIds).toHaveLength(quantity);
          expect(new Set(answer?.seatIds).size).toBe(quantity);
          for (const id of answer?.seatIds ?? []) expect(taken.has(id)).toBe(false);
          const roomInARow = [...new Set(seats.map((s) => s.group))].some((group) => {
            let run = 0;
            for (const seat of seats.filter((s) => s.group === group)) {
              run = taken.has(seat.id) ? 0 : run + 1;
              if (run >= quantity) return true;
            }
            return false;
          });
          expect(answer?.together).toBe(roomInARow);
          if (answer?.together) {
            const chosen = seats.filter((s) => answer.seatIds.includes(s.id));
            expect(new Set(chosen.map((s) => s.group)).size).toBe(1);
            const cols = chosen.map((s) => s.col);
            expect(Math.max(...cols) - Math.min(...cols)).toBe(quantity - 1);
          }
        },
      ),
    );
  });
});

describe('seatIdParts', () => {
  it('reads the section, row and number of each kind of place, and nothing else', () => {
    expect(seatIdParts('A-Row C-12')).toEqual({
      sectionId: 'A',
      kind: 'row',
      row: 'C',
      number: 12,
    });
    expect(seatIdParts('Bal2-Row 3-101')).toMatchObject({
      sectionId: 'Bal2',
      row: '3',
      number: 101,
    });
    expect(seatIdParts('T1-Seat 4')).toEqual({
      sectionId: 'T1',
      kind: 'table',
      row: null,
      number: 4,
    });
    expect(seatIdParts('F-Standing 120')).toMatchObject({ kind: 'standing', number: 120 });
    for (const id of ['', 'A', 'A-Row c-1', 'A-Seat x', 'A B-Seat 1', 'A-Row C-12 '])
      expect(seatIdParts(id)).toBeNull();
  });
});

it('every seat a plan expands to reads back as its own parts', () => {
  const seats = expandPlan(
    SeatPlanSchema.parse({
      categories: [{ id: 'c', name: 'C', color: '#000000' }],
      sections: [
        {
          id: 'A',
          name: 'Stalls',
          kind: 'grid',
          x: 0,
          y: 0,
          rows: 30,
          seatsPerRow: 3,
          categoryId: 'c',
        },
        { id: 'T1', name: 'Table', kind: 'table', x: 0, y: 0, seats: 4, categoryId: 'c' },
        {
          id: 'F',
          name: 'Floor',
          kind: 'standing',
          x: 0,
          y: 0,
          width: 100,
          height: 100,
          capacity: 5,
          categoryId: 'c',
        },
      ],
    } satisfies SeatPlanInput),
  );
  for (const seat of seats)
    expect(seatIdParts(seat.id)).toEqual({
      sectionId: seat.sectionId,
      kind: seat.kind,
      row: seat.row,
      number: seat.number,
    });
});
