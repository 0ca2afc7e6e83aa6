import { SEAT_PITCH, tableRadius } from '../../../contracts/seat-layout';
import type { SeatPlan, Section } from '../../../contracts/seating';

/** The box a section takes on the plan (for placing the next one and sizing the plan). */
export function sectionBox(section: Section) {
  switch (section.kind) {
    case 'grid':
      return { w: section.seatsPerRow * SEAT_PITCH, h: section.rows * SEAT_PITCH };
    case 'table': {
      const d = 2 * tableRadius(section.seats) + SEAT_PITCH;
      return { w: d, h: d };
    }
    case 'standing':
    case 'stage':
      return { w: section.width, h: section.height };
    default:
      return { w: 120, h: 20 };
  }
}

/** Where the next section goes: below everything drawn so far. */
export function nextFreeY(plan: SeatPlan) {
  const bottoms = plan.sections.map((s) => s.y + sectionBox(s).h);
  return bottoms.length ? Math.max(...bottoms) + 30 : 20;
}

/** The plan with the section added and its canvas grown to hold it. */
export function withSection(plan: SeatPlan, section: Section): SeatPlan {
  const box = sectionBox(section);
  return {
    ...plan,
    sections: [...plan.sections, section],
    width: Math.min(10_000, Math.max(plan.width, section.x + box.w + 40)),
    height: Math.min(10_000, Math.max(plan.height, section.y + box.h + 40)),
  };
}

/** A section key not used yet: S1, S2… (or A, B… for the first rows). */
export function nextSectionKey(plan: SeatPlan) {
  const used = new Set(plan.sections.map((s) => s.id));
  for (let i = 0; i < 26; i++) {
    const key = String.fromCharCode(65 + i);
    if (!used.has(key)) return key;
  }
  let n = 1;
  while (used.has(`S${n}`)) n++;
  return `S${n}`;
}

export const EMPTY_PLAN: SeatPlan = {
  width: 800,
  height: 200,
  categories: [{ id: 'std', name: 'Standard', color: '#1f6feb' }],
  sections: [],
  seatFlags: {},
  seatCategories: {},
};

/**
 * The part of the plan a map shows (what is drawn plus a margin, not the whole canvas: a small
 * plan fills the frame), as the SVG's viewBox. The app's map and the seat page's first view
 * (seat-first-view.ts) draw the same box, so a seat is at the same place in both.
 */
export function mapBox(plan: SeatPlan) {
  const boxes = plan.sections.map((s) => ({
    ...sectionBox(s),
    x: s.x,
    y: s.y,
    // A grid's name is written above its first row: the view keeps room for it, even when the
    // grid starts at y = 0 (the name was drawn over the seats there).
    above: s.kind === 'grid' ? s.y - 24 : Math.max(0, s.y - 24),
  }));
  const left = Math.max(0, Math.min(plan.width, ...boxes.map((b) => b.x)) - 16);
  const top = Math.min(Math.max(0, plan.height - 24), ...boxes.map((b) => b.above));
  const right = boxes.length ? Math.max(...boxes.map((b) => b.x + b.w)) + 16 : plan.width;
  const bottom = boxes.length ? Math.max(...boxes.map((b) => b.y + b.h)) + 16 : plan.height;
  const viewWidth = Math.max(100, right - left);
  return { left, top, viewWidth, viewHeight: Math.max(60, bottom - top) };
}
