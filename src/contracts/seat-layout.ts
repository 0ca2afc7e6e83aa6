import type { SeatFlag, SeatPlan, Section } from './seating';

// Pure functions over a seat plan, shared by the server (checkout) and the web (map, picker):
// expanding a plan into its seats and finding the best N seats together (decision 068).

/** Distance between two seats' centres on the plan, in plan units. */
export const SEAT_PITCH = 24;

export interface Seat {
  /** "A-Row 3-12", "T1-Seat 4", "F-Standing 120". */
  id: string;
  sectionId: string;
  kind: 'row' | 'table' | 'standing';
  /** The row's label for row seats, else null. */
  row: string | null;
  number: number;
  /** Row seats and table seats of one row or table share a group; adjacency is within it. */
  group: string;
  /** Position within the group, left to right (adjacent seats differ by 1). */
  col: number;
  categoryId: string;
  flags: SeatFlag[];
  x: number;
  y: number;
}

/** Row labels: A…Z, then AA, AB… (spreadsheet style). */
export function rowLabel(index: number, style: 'letters' | 'numbers'): string {
  if (style === 'numbers') return String(index + 1);
  let label = '';
  let n = index + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    label = String.fromCharCode(65 + rem) + label;
    n = Math.floor((n - 1) / 26);
  }
  return label;
}

/** The number of the seat at position `col` (0 = leftmost) of a row of `size` seats. */
export function seatNumber(
  col: number,
  size: number,
  numbering: 'ltr' | 'rtl',
  parity: 'all' | 'odd' | 'even',
): number {
  const p = numbering === 'ltr' ? col : size - 1 - col;
  return parity === 'all' ? p + 1 : parity === 'odd' ? 2 * p + 1 : 2 * p + 2;
}

/** The radius of a table's circle of seats. */
export const tableRadius = (seats: number) => Math.max(SEAT_PITCH, (seats * SEAT_PITCH) / 6);

function sectionSeats(section: Section): Omit<Seat, 'flags' | 'categoryId'>[] {
  const sectionId = section.id;
  if (section.kind === 'grid') {
    const seats: Omit<Seat, 'flags' | 'categoryId'>[] = [];
    for (let r = 0; r < section.rows; r++) {
      const row = rowLabel(r, section.rowLabels);
      for (let c = 0; c < section.seatsPerRow; c++) {
        const number = seatNumber(c, section.seatsPerRow, section.numbering, section.parity);
        seats.push({
          sectionId,
          id: `${section.id}-Row ${row}-${number}`,
          kind: 'row',
          row,
          number,
          group: `${section.id}-Row ${row}`,
          col: c,
          x: section.x + c * SEAT_PITCH + SEAT_PITCH / 2,
          y: section.y + r * SEAT_PITCH + SEAT_PITCH / 2,
        });
      }
    }
    return seats;
  }
  if (section.kind === 'table') {
    const radius = tableRadius(section.seats);
    const cx = section.x + radius + SEAT_PITCH / 2;
    const cy = section.y + radius + SEAT_PITCH / 2;
    return Array.from({ length: section.seats }, (_, i) => {
      const angle = (2 * Math.PI * i) / section.seats - Math.PI / 2;
      return {
        sectionId,
        id: `${section.id}-Seat ${i + 1}`,
        kind: 'table' as const,
        row: null,
        number: i + 1,
        group: section.id,
        col: i,
        x: Math.round(cx + radius * Math.cos(angle)),
        y: Math.round(cy + radius * Math.sin(angle)),
      };
    });
  }
  if (section.kind === 'standing') {
    return Array.from({ length: section.capacity }, (_, i) => ({
      sectionId,
      id: `${section.id}-Standing ${i + 1}`,
      kind: 'standing' as const,
      row: null,
      number: i + 1,
      group: section.id,
      col: i,
      x: section.x + Math.round(section.width / 2),
      y: section.y + Math.round(section.height / 2),
    }));
  }
  return [];
}

/** Every seat (and standing place) of the plan, front rows first, in section order. */
export function expandPlan(plan: SeatPlan): Seat[] {
  // Built without object spreads, and the marks looked up only when there are some: spreading
  // each seat twice made 20,000 seats take about a second on a busy machine, instead of tens of ms.
  const seats: Seat[] = [];
  const categories = Object.keys(plan.seatCategories).length ? plan.seatCategories : null;
  const flags = Object.keys(plan.seatFlags).length ? plan.seatFlags : null;
  for (const section of plan.sections) {
    if (!('categoryId' in section)) continue;
    for (const seat of sectionSeats(section)) {
      const full = seat as Seat;
      full.categoryId = categories?.[seat.id] ?? section.categoryId;
      full.flags = flags?.[seat.id] ?? [];
      seats.push(full);
    }
  }
  return seats;
}

/** A seat nobody can buy (the sound desk): never offered, never sold. */
export const isBlocked = (seat: Pick<Seat, 'flags'>) => seat.flags.includes('blocked');

/**
 * The best `quantity` free seats of a category: adjacent in one row (or at one table) where
 * possible, the front-most such row first and, within it, as near the row's middle as possible;
 * otherwise the first free seats in plan order (`together: false`). Wheelchair and companion
 * seats are only given to people who pick them. Null when the category has too few free seats.
 */
export function bestAvailable(
  seats: Seat[],
  taken: ReadonlySet<string>,
  categoryId: string,
  quantity: number,
): { seatIds: string[]; together: boolean } | null {
  const free = (seat: Seat) =>
    seat.categoryId === categoryId &&
    !taken.has(seat.id) &&
    !seat.flags.some((f) => f === 'blocked' || f === 'wheelchair' || f === 'companion');
  const groups = new Map<string, Seat[]>();
  for (const seat of seats) {
    const group = groups.get(seat.group);
    if (group) group.push(seat);
    else groups.set(seat.group, [seat]);
  }
  for (const group of groups.values()) {
    const byCol = [...group].sort((a, b) => a.col - b.col);
    if (byCol[0]?.kind === 'standing') {
      const places = byCol.filter(free);
      if (places.length >= quantity)
        return { seatIds: places.slice(0, quantity).map((s) => s.id), together: true };
      continue;
    }
    const middle = (byCol.length - quantity) / 2;
    let best: number | null = null;
    let runStart = 0;
    for (let i = 0; i <= byCol.length; i++) {
      const seat = byCol[i];
      if (seat && free(seat)) continue;
      // A run of free seats ends before i: try every window of it.
      for (let start = runStart; start + quantity <= i; start++)
        if (best === null || Math.abs(start - middle) < Math.abs(best - middle)) best = start;
      runStart = i + 1;
    }
    if (best !== null)
      return {
        seatIds: byCol.slice(best, best + quantity).map((s) => s.id),
        together: true,
      };
  }
  const scattered = seats.filter(free).slice(0, quantity);
  return scattered.length === quantity
    ? { seatIds: scattered.map((s) => s.id), together: false }
    : null;
}

/** A seat id's parts, for words around them ("Row C, Seat 12"); null when it is no seat id. */
export function seatIdParts(
  id: string,
): { sectionId: string; kind: Seat['kind']; row: string | null; number: number } | null {
  const match = /^([A-Za-z0-9]{1,12})-(?:Row ([A-Z]+|\d+)-(\d+)|(Seat|Standing) (\d+))$/.exec(id);
  if (!match) return null;
  const [, sectionId = '', row, rowSeat, kind, place] = match;
  if (row !== undefined) return { sectionId, kind: 'row', row, number: Number(rowSeat) };
  return {
    sectionId,
    kind: kind === 'Seat' ? 'table' : 'standing',
    row: null,
    number: Number(place),
  };
}
