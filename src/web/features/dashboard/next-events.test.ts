import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../contracts/tickets';
import { upcomingEvents } from './next-events';

const ticket = (eventId: string, startsAt: string, isPast: boolean, status = 'valid'): Ticket =>
  ({ status, isPast, event: { id: eventId, title: eventId, startsAt } }) as unknown as Ticket;

describe("the dashboard's next events", () => {
  it("lists each upcoming event once, soonest first, by the server's isPast", () => {
    expect(
      upcomingEvents([
        ticket('later', '2026-12-20T18:00:00Z', false),
        ticket('tomorrow', '2026-12-04T18:00:00Z', false),
        ticket('tomorrow', '2026-12-04T18:00:00Z', false),
        ticket('last-week', '2026-11-26T18:00:00Z', true),
      ]).map((e) => e.id),
    ).toEqual(['tomorrow', 'later']);
  });

  it('leaves out refunded tickets', () => {
    expect(upcomingEvents([ticket('refunded', '2026-12-04T18:00:00Z', false, 'void')])).toEqual([]);
  });
});
