import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '../../../contracts/events';
import {
  emptyEventForm,
  formFieldFor,
  validateEventForm,
  type EventFormValues,
} from './event-form-values';

function valid(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return {
    ...emptyEventForm('America/New_York'),
    title: 'Jazz Night',
    category: 'Music',
    startsLocal: '2030-06-06T19:00',
    endsLocal: '2030-06-06T22:00',
    city: 'Brooklyn',
    ...overrides,
  };
}

describe('validateEventForm', () => {
  it('accepts a complete form and builds the API body in the chosen zone', () => {
    const result = validateEventForm(valid({ capacity: '120', isPrivate: true }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({
      title: 'Jazz Night',
      category: 'Music',
      startsAt: '2030-06-06T23:00:00.000Z',
      endsAt: '2030-06-07T02:00:00.000Z',
      timezone: 'America/New_York',
      city: 'Brooklyn',
      capacity: 120,
      visibility: 'private',
      onlineUrl: null,
    });
  });

  it('reports the shared schema messages on the matching controls', () => {
    const result = validateEventForm(emptyEventForm('UTC'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe(EVENT_MESSAGES.titleRequired);
    expect(result.errors.category).toBe(EVENT_MESSAGES.categoryRequired);
    expect(result.errors.startsLocal).toBe(EVENT_MESSAGES.startRequired);
    expect(result.errors.address).toBe(EVENT_MESSAGES.locationRequired);
  });

  it('needs an end after the start', () => {
    const result = validateEventForm(valid({ endsLocal: '2030-06-06T18:00' }));
    expect(result.ok || result.errors.endsLocal).toBe(EVENT_MESSAGES.endBeforeStart);
  });

  it('needs a link for online events and drops the place', () => {
    const missing = validateEventForm(valid({ isOnline: true }));
    expect(missing.ok || missing.errors.onlineUrl).toBe(EVENT_MESSAGES.onlineUrl);
    const bad = validateEventForm(valid({ isOnline: true, onlineUrl: 'javascript:alert(1)' }));
    expect(bad.ok || bad.errors.onlineUrl).toBe(EVENT_MESSAGES.onlineUrl);
    const ok = validateEventForm(valid({ isOnline: true, onlineUrl: 'https://meet.example/x' }));
    expect(ok.ok && ok.input.city).toBeNull();
  });

  it('rejects a capacity that is not a whole number of 1 or more', () => {
    for (const capacity of ['0', '2.5', 'lots']) {
      const result = validateEventForm(valid({ capacity }));
      expect(result.ok || result.errors.capacity).toBe(EVENT_MESSAGES.capacity);
    }
  });
});

describe('formFieldFor', () => {
  it('maps server field names to form controls', () => {
    expect(formFieldFor('body.startsAt')).toBe('startsLocal');
    expect(formFieldFor('endsAt')).toBe('endsLocal');
    expect(formFieldFor('body.title')).toBe('title');
    expect(formFieldFor('body.metadata.x')).toBeNull();
  });
});
