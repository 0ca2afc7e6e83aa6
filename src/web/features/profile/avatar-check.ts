import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AVATAR_MAX_BYTES } from '../../../contracts/accounts';

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
 * after a long upload. The server checks again (it reads the image itself). The English texts
 * are the server's (AVATAR_MESSAGES), said in the page's language.
 */
export function avatarProblem(
  file: Pick<File, 'type' | 'size'>,
  i18n: I18n = activeI18n,
): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return i18n._(msg`Please upload an image (JPEG, PNG, WebP or GIF)`);
  if (file.size > AVATAR_MAX_BYTES) return i18n._(msg`Images must be 5 MB or smaller`);
  return null;
}
