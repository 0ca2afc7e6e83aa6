import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { APPROXIMATE_AREA_KM } from '../../../contracts/rides';
import { approximatePoint, presentLocation } from './rides.presenter';

const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = (x: number) => (x * Math.PI) / 180;
  const h =
    Math.sin(rad(a.lat - b.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(a.lng - b.lng) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
};

describe('a ride’s approximate area', () => {
  it('stays within the drawn circle, is never the exact point and is the same every time', () => {
    for (let i = 0; i < 500; i++) {
      const id = randomUUID();
      const exact = { lat: Math.random() * 140 - 70, lng: Math.random() * 360 - 180 };
      const area = approximatePoint(id, exact);
      expect(km(area, exact)).toBeLessThan(APPROXIMATE_AREA_KM);
      expect(area).not.toEqual(exact);
      expect(approximatePoint(id, exact)).toEqual(area);
    }
  });

  it('gives two rides from the same home different points in the same ~1 km cell', () => {
    const home = { lat: 37.774937, lng: -122.224132 };
    const a = approximatePoint(randomUUID(), home);
    const b = approximatePoint(randomUUID(), home);
    expect(a).not.toEqual(b);
    // Both come from the cell centred on 37.77, -122.22: no nearer to the home than that.
    // (An offset right at the edge reads 0.0025000000000048 in floating point.)
    const edge = 0.0025 + 1e-12;
    for (const p of [a, b]) {
      expect(Math.abs(p.lat - 37.77)).toBeLessThanOrEqual(edge);
      expect(Math.abs(p.lng + 122.22)).toBeLessThanOrEqual(edge);
    }
  });
});

describe('a live position', () => {
  it('is shared with its times while fresh, and all null when there is none', () => {
    const updatedAt = new Date('2026-06-01T10:00:00Z');
    const expiresAt = new Date('2026-06-01T10:02:00Z');
    expect(presentLocation({ lat: 37.8, lng: -122.27, updatedAt, expiresAt })).toEqual({
      sharing: true,
      lat: 37.8,
      lng: -122.27,
      updatedAt: '2026-06-01T10:00:00.000Z',
      expiresAt: '2026-06-01T10:02:00.000Z',
    });
    for (const none of [null, undefined])
      expect(presentLocation(none)).toEqual({
        sharing: false,
        lat: null,
        lng: null,
        updatedAt: null,
        expiresAt: null,
      });
  });
});
