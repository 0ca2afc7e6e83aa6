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
