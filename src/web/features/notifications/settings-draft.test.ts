import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '../../../contracts/notification-types';
import { DEFAULT_QUIET_HOURS, fromDraft, toDraft } from './settings-draft';
import { testSettings } from './test-fixtures';

const saved = testSettings;

describe('settings draft', () => {
  it("reads unset quiet hours in the browser's zone, offering 22:00 to 07:00", () => {
    const draft = toDraft(saved(), 'Europe/Paris');
    expect(draft).toMatchObject({
      hasQuietHours: false,
      quietStart: DEFAULT_QUIET_HOURS.start,
      quietEnd: DEFAULT_QUIET_HOURS.end,
      timeZone: 'Europe/Paris',
    });
    expect(fromDraft(draft)).toEqual({
      ok: true,
      settings: { ...saved(), timeZone: 'Europe/Paris' },
    });
  });

  it('keeps saved quiet hours and their zone, and round-trips them', () => {
    const settings = saved({ quietHours: { start: 1350, end: 420 }, timeZone: 'Asia/Tokyo' });
    const draft = toDraft(settings, 'Europe/Paris');
    expect(draft).toMatchObject({ quietStart: '22:30', quietEnd: '07:00', timeZone: 'Asia/Tokyo' });
    expect(fromDraft(draft)).toEqual({ ok: true, settings });
  });

  it('refuses quiet hours with a missing time', () => {
    const draft = { ...toDraft(saved()), hasQuietHours: true, quietEnd: '' };
    expect(fromDraft(draft)).toEqual({
      ok: false,
      errors: { quietHours: NOTIFICATION_MESSAGES.quietHoursIncomplete },
    });
  });

  it('edits a copy, never the saved settings', () => {
    const settings = saved();
    const draft = toDraft(settings);
    draft.groups.messages.email = true;
    expect(settings.groups.messages.email).toBe(false);
  });
});
