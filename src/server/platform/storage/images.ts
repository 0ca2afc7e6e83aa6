import sharp from 'sharp';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Square WebP thumbnail from an uploaded image. The format is read from the bytes, not the file
 * name or MIME type the browser sent; anything sharp cannot read as an image is refused.
 */
export async function squareWebp(input: Buffer, size: number): Promise<Buffer | null> {
  try {
    const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
