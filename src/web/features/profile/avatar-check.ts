import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '../../../contracts/accounts';

// The formats the server reads (sharp): JPEG, PNG, WebP, GIF, AVIF, HEIF/HEIC.
export const AVATAR_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heif',
  'image/heic',
] as const;

/**
 * The server's avatar rules checked before uploading, so a wrong file fails at once instead of
 * after a long upload. The server checks again (it reads the image itself).
 */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_MESSAGES.notImage;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MESSAGES.tooLarge;
  return null;
}
