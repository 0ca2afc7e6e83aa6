import { describe, expect, it } from 'vitest';
import { rateableEvents } from './rate-vendor-form';

const worked = (eventId: string, startsAt: string) => ({
  eventId,
  title: eventId,
  date: startsAt.slice(0, 10),
  time: '18:00',
  location: 'Brooklyn',
  startsAt,
});

describe('rateableEvents', () => {
  it('keeps only my events that have started', () => {
    const events = [
      worked('mine-past', '2031-01-01T18:00:00.000Z'),
      worked('mine-future', '2031-12-01T18:00:00.000Z'),
      worked('someone-elses', '2031-01-01T18:00:00.000Z'),
    ];
    const result = rateableEvents(
      events,
      new Set(['mine-past', 'mine-future']),
      new Date('2031-06-01T00:00:00.000Z'),
    );
    expect(result.map((e) => e.eventId)).toEqual(['mine-past']);
  });

  it('counts an event that starts right now', () => {
    const now = new Date('2031-01-01T18:00:00.000Z');
    expect(rateableEvents([worked('a', now.toISOString())], new Set(['a']), now)).toHaveLength(1);
  });
});
