import { describe, expect, it } from 'vitest';
import { minutesToTime, timeToMinutes, timeZoneList } from './quiet-hours';

describe('quiet hours', () => {
  it('turns minutes after midnight into a time input value and back', () => {
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(1320)).toBe('22:00');
    expect(minutesToTime(1439)).toBe('23:59');
    expect(timeToMinutes('22:00')).toBe(1320);
    expect(timeToMinutes('07:30:00')).toBe(450);
    for (const m of [0, 59, 61, 720, 1439]) expect(timeToMinutes(minutesToTime(m))).toBe(m);
  });

  it('refuses what is not a time of day', () => {
    expect(timeToMinutes('')).toBeNull();
    expect(timeToMinutes('24:00')).toBeNull();
    expect(timeToMinutes('12:60')).toBeNull();
    expect(timeToMinutes('noon')).toBeNull();
  });

  it('lists the zones sorted, keeping a saved one the browser does not know', () => {
    const zones = timeZoneList('Mars/Olympus_Mons');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Mars/Olympus_Mons');
    expect([...zones].sort()).toEqual(zones);
  });
});
