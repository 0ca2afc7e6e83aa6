import { describe, expect, it } from 'vitest';
import { mapTileSource } from './rides';

describe('mapTileSource (the CSP img-src of the ride maps)', () => {
  it('is the scheme and host of a plain tile template', () => {
    expect(mapTileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(mapTileSource('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe(
      'http://localhost:8080',
    );
  });

  it('widens a {s} subdomain to a CSP wildcard', () => {
    expect(mapTileSource('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.com',
    );
    expect(mapTileSource('https://tiles-{s}.maps.example.com/{z}/{x}/{y}@2x.png')).toBe(
      'https://*.maps.example.com',
    );
  });

  it('gives nothing for what is not an http(s) template', () => {
    expect(mapTileSource('ftp://example.com/{z}/{x}/{y}.png')).toBe('');
  });
});
