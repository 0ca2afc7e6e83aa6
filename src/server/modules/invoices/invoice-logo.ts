import { msg } from '@lingui/core/macro';
import { AVATAR_MESSAGES } from '../../../contracts/accounts';
import type { BillingProfileAnswer } from '../../../contracts/invoices';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { fitPng } from '../../platform/storage/images';
import { keyOfUrl, type FileStore } from '../../platform/storage/storage';
import { setProfileLogo } from './invoices.queries';

// A seller's logo, printed at the top of their invoices and credit notes (decision 074). It is
// uploaded through the same pipeline as avatars and covers (format read from the bytes, 5 MB,
// re-encoded) and kept as a PNG, a format pdf-lib embeds as it is.

const LOGO_FOLDER = 'invoice-logos';
/** Long side of the stored logo: sharp on A4 at the printed size (about 160 × 56 pt). */
const LOGO_MAX_PX = 600;

interface LogoDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
}

const NO_PROFILE = msg`Save the billing profile before adding a logo`;

/**
 * Stores a new logo and points the profile at it. The previous file is kept: invoices issued
 * with it keep its link in their snapshot and print it again whenever they are downloaded.
 */
export async function replaceInvoiceLogo(
  deps: LogoDeps,
  sellerKey: string,
  data: Buffer,
  answer: () => Promise<BillingProfileAnswer>,
): Promise<BillingProfileAnswer> {
  const png = await fitPng(data, LOGO_MAX_PX);
  if (!png)
    throw new AppError('VALIDATION_FAILED', AVATAR_MESSAGES.notImage, {
      fields: [{ field: 'logo', message: AVATAR_MESSAGES.notImage }],
    });
  const url = await deps.files.put(LOGO_FOLDER, 'png', png);
  const saved = await setProfileLogo(deps.db, { sellerKey, logoUrl: url, now: deps.clock.now() });
  if (!saved) {
    await deps.files.remove(url);
    throw new AppError('CONFLICT', NO_PROFILE);
  }
  return answer();
}

/** Invoices from now on print no logo (those issued with one keep it, see above). */
export async function removeInvoiceLogo(
  deps: LogoDeps,
  sellerKey: string,
  answer: () => Promise<BillingProfileAnswer>,
): Promise<BillingProfileAnswer> {
  const saved = await setProfileLogo(deps.db, { sellerKey, logoUrl: null, now: deps.clock.now() });
  if (!saved) throw new AppError('CONFLICT', NO_PROFILE);
  return answer();
}

/**
 * The PNG an invoice's snapshot links to, or null: only our own stored logos are read (a link
 * elsewhere, from before uploads existed, is never fetched), and a missing file prints none.
 */
export async function readInvoiceLogo(
  files: FileStore,
  logoUrl: string | null | undefined,
): Promise<Buffer | null> {
  const key = logoUrl ? keyOfUrl(logoUrl) : null;
  if (!key?.startsWith(`${LOGO_FOLDER}/`) || !key.endsWith('.png')) return null;
  const file = await files.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
