import type { Sharp, SharpOptions } from 'sharp';

// sharp (libvips) costs about 20 MB of memory once loaded: loaded on the first image, not at start.
let loaded: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | undefined;
export async function image(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  const sharp = await (loaded ??= import('sharp').then((module) => module.default));
  return sharp(input, options);
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * How an upload is re-encoded: into a box of `width` × `height`, either filling it exactly
 * (`cover`: cropped around what draws the eye, enlarged if need be) or fitting inside it and
 * never enlarged (`inside`), as WebP at `quality` or as a lossless PNG.
 */
export interface Reencoding {
  fit: 'cover' | 'inside';
  width: number;
  height: number;
  format: 'webp' | 'png';
  /** WebP only (PNG is lossless). */
  quality?: number;
}

/**
 * Re-encodes an uploaded image as `how` says, turned upright by its EXIF orientation. The format
 * is read from the bytes, not the file name or MIME type the browser sent; anything sharp cannot
 * read as an image is refused (null). Re-encoding drops whatever else the upload carried
 * (metadata, other frames); PNG keeps transparency.
 */
export async function reencode(
  input: Buffer,
  how: Reencoding,
): Promise<{ data: Buffer; width: number; height: number } | null> {
  try {
    const meta = await (await image(input, { limitInputPixels: 40_000_000 })).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    const resized = (await image(input, { limitInputPixels: 40_000_000 }))
      .rotate()
      .resize(how.width, how.height, {
        fit: how.fit,
        ...(how.fit === 'cover' ? { position: 'attention' } : {}),
        withoutEnlargement: how.fit === 'inside',
      });
    const encoded =
      how.format === 'png'
        ? resized.png({ compressionLevel: 9 })
        : resized.webp({ quality: how.quality ?? 80 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** Square WebP thumbnail (profile photos, gallery thumbnails). */
export async function squareWebp(input: Buffer, size: number): Promise<Buffer | null> {
  const out = await reencode(input, {
    fit: 'cover',
    width: size,
    height: size,
    format: 'webp',
    quality: 82,
  });
  return out?.data ?? null;
}

export const COVER_SIZES = { small: [400, 225], medium: [800, 450], large: [1600, 900] } as const;
export type CoverVariant = keyof typeof COVER_SIZES;

/** 16:9 WebP covers in three widths for srcset; null when the bytes are not an image. */
export async function coverVariants(input: Buffer): Promise<Record<CoverVariant, Buffer> | null> {
  const entries = await Promise.all(
    (Object.entries(COVER_SIZES) as [CoverVariant, readonly [number, number]][]).map(
      async ([name, [width, height]]) =>
        [name, await reencode(input, { fit: 'cover', width, height, format: 'webp' })] as const,
    ),
  );
  if (entries.some(([, out]) => !out)) return null;
  return Object.fromEntries(entries.map(([name, out]) => [name, out?.data])) as Record<
    CoverVariant,
    Buffer
  >;
}

export const BLOG_IMAGE_SIZES = { small: 400, medium: 800, large: 1600 } as const;
export type BlogImageVariant = keyof typeof BLOG_IMAGE_SIZES;

/**
 * A blog image in three WebPs no larger than 400, 800 and 1600 px on their long side (never
 * enlarged, never cropped: an inline picture keeps its shape), for srcset; null when the bytes
 * are not an image.
 */
export async function blogImageVariants(
  input: Buffer,
): Promise<Record<BlogImageVariant, Buffer> | null> {
  const entries = await Promise.all(
    (Object.entries(BLOG_IMAGE_SIZES) as [BlogImageVariant, number][]).map(
      async ([name, size]) => [name, await fitWebp(input, size)] as const,
    ),
  );
  if (entries.some(([, out]) => !out)) return null;
  return Object.fromEntries(entries.map(([name, out]) => [name, out?.data])) as Record<
    BlogImageVariant,
    Buffer
  >;
}

/** A WebP no larger than `maxPx` on its long side (never enlarged); null when not an image. */
export function fitWebp(input: Buffer, maxPx: number) {
  return reencode(input, { fit: 'inside', width: maxPx, height: maxPx, format: 'webp' });
}

/**
 * A PNG no larger than `maxPx` on its long side (never enlarged), for documents that embed
 * images themselves (pdf-lib reads PNG and JPEG only). Null when not an image.
 */
export async function fitPng(input: Buffer, maxPx: number): Promise<Buffer | null> {
  const out = await reencode(input, { fit: 'inside', width: maxPx, height: maxPx, format: 'png' });
  return out?.data ?? null;
}
