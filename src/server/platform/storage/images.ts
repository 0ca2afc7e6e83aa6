import type { Sharp, SharpOptions } from 'sharp';

// sharp (libvips) costs about 20 MB of memory once loaded: loaded on the first image, not at start.
let loaded: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | undefined;
export async function image(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  const sharp = await (loaded ??= import('sharp').then((module) => module.default));
  return sharp(input, options);
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Square WebP thumbnail from an uploaded image. The format is read from the bytes, not the file
 * name or MIME type the browser sent; anything sharp cannot read as an image is refused.
 */
export async function squareWebp(input: Buffer, size: number): Promise<Buffer | null> {
  try {
    const meta = await (await image(input, { limitInputPixels: 40_000_000 })).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    return await (
      await image(input, { limitInputPixels: 40_000_000 })
    )
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

export const COVER_SIZES = { small: [400, 225], medium: [800, 450], large: [1600, 900] } as const;
export type CoverVariant = keyof typeof COVER_SIZES;

/** 16:9 WebP covers in three widths for srcset; null when the bytes are not an image. */
export async function coverVariants(input: Buffer): Promise<Record<CoverVariant, Buffer> | null> {
  try {
    const meta = await (await image(input, { limitInputPixels: 40_000_000 })).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    const entries = await Promise.all(
      (Object.entries(COVER_SIZES) as [CoverVariant, readonly [number, number]][]).map(
        async ([name, [width, height]]) => [
          name,
          await (
            await image(input, { limitInputPixels: 40_000_000 })
          )
            .rotate()
            .resize(width, height, {
              fit: 'cover',
              position: 'attention',
              withoutEnlargement: false,
            })
            .webp({ quality: 80 })
            .toBuffer(),
        ],
      ),
    );
    return Object.fromEntries(entries) as Record<CoverVariant, Buffer>;
  } catch {
    return null;
  }
}

/** A WebP no larger than `maxPx` on its long side (never enlarged); null when not an image. */
export async function fitWebp(
  input: Buffer,
  maxPx: number,
): Promise<{ data: Buffer; width: number; height: number } | null> {
  try {
    const meta = await (await image(input, { limitInputPixels: 40_000_000 })).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    const { data, info } = await (
      await image(input, { limitInputPixels: 40_000_000 })
    )
      .rotate()
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/**
 * A PNG no larger than `maxPx` on its long side (never enlarged), for documents that embed
 * images themselves (pdf-lib reads PNG and JPEG only); transparency is kept. Re-encoding drops
 * whatever else the upload carried (metadata, other frames). Null when not an image.
 */
export async function fitPng(input: Buffer, maxPx: number): Promise<Buffer | null> {
  try {
    const meta = await (await image(input, { limitInputPixels: 40_000_000 })).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    return await (
      await image(input, { limitInputPixels: 40_000_000 })
    )
      .rotate()
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}
