import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverVariants, fitPng, fitWebp, reencode, squareWebp } from './images';

const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: { width, height, channels, background: { r: 200, g: 40, b: 120, alpha: 0.5 } },
  })
    .png()
    .toBuffer();

const read = (data: Buffer) => sharp(data).metadata();

describe('reencode', () => {
  it('fills a box exactly with cover, enlarging a small picture', async () => {
    const out = await reencode(await picture(120, 40), {
      fit: 'cover',
      width: 200,
      height: 200,
      format: 'webp',
    });
    expect(out && { width: out.width, height: out.height }).toEqual({ width: 200, height: 200 });
    expect((await read(out?.data ?? Buffer.alloc(0))).format).toBe('webp');
  });

  it('fits inside a box keeping the proportions, and never enlarges', async () => {
    const big = await reencode(await picture(1000, 500), {
      fit: 'inside',
      width: 300,
      height: 300,
      format: 'webp',
    });
    expect(big && [big.width, big.height]).toEqual([300, 150]);
    const small = await reencode(await picture(100, 50), {
      fit: 'inside',
      width: 300,
      height: 300,
      format: 'webp',
    });
    expect(small && [small.width, small.height]).toEqual([100, 50]);
  });

  it('writes a PNG that keeps transparency', async () => {
    const out = await reencode(await picture(50, 50, 4), {
      fit: 'inside',
      width: 600,
      height: 600,
      format: 'png',
    });
    const meta = await read(out?.data ?? Buffer.alloc(0));
    expect([meta.format, meta.hasAlpha]).toEqual(['png', true]);
  });

  it('refuses bytes that are not an image, whatever the file was called', async () => {
    const how = { fit: 'cover', width: 10, height: 10, format: 'webp' } as const;
    expect(await reencode(Buffer.from('%PDF-1.7 not a picture'), how)).toBeNull();
    expect(await reencode(Buffer.alloc(0), how)).toBeNull();
  });
});

describe('the presets uploads use', () => {
  it('squares a profile photo, fits gallery images and invoice logos, sizes event covers', async () => {
    const input = await picture(900, 600);
    expect(await read((await squareWebp(input, 256)) ?? Buffer.alloc(0))).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(await fitWebp(input, 300)).toMatchObject({ width: 300, height: 200 });
    expect(await read((await fitPng(input, 600)) ?? Buffer.alloc(0))).toMatchObject({
      format: 'png',
      width: 600,
      height: 400,
    });
    const covers = await coverVariants(input);
    const sizes = await Promise.all(
      Object.values(covers ?? {}).map(async (data) => {
        const meta = await read(data);
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [400, 225],
      [800, 450],
      [1600, 900],
    ]);
  });

  it('gives null for every preset when the bytes are not an image', async () => {
    const junk = Buffer.from('not an image');
    expect(await squareWebp(junk, 64)).toBeNull();
    expect(await fitWebp(junk, 64)).toBeNull();
    expect(await fitPng(junk, 64)).toBeNull();
    expect(await coverVariants(junk)).toBeNull();
  });
});
