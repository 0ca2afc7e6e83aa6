import { msg } from '@lingui/core/macro';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { maskTin, type W9Input } from '../../../contracts/affiliates';
import type { AuthUser } from '../../platform/auth/sessions';
import { openField, sealField } from '../../platform/field-crypto';
import { AppError } from '../../platform/http/errors';
import { derivedKey } from '../../platform/secrets';
import { readsFullTin } from './affiliates.policy';
import * as q from './affiliates.queries';
import type { AffiliateDeps } from './affiliate-deps';

// The affiliate's W-9: kept with the TIN sealed, shown masked, printed, revealed to admins.

const w9Key = (config: AffiliateDeps['config']) => derivedKey(config, 'field:w9');

const lastFour = (tin: string) => tin.replace(/\D/g, '').slice(-4);

export async function saveW9(deps: AffiliateDeps, params: { actor: AuthUser; input: W9Input }) {
  const { input } = params;
  const digits = input.tin.replace(/\D/g, '');
  await q.upsertW9(deps.db, {
    userId: params.actor.id,
    name: input.name,
    businessName: input.businessName?.trim() || null,
    taxClassification: input.taxClassification,
    address: input.address,
    city: input.city,
    state: input.state.toUpperCase(),
    zip: input.zip,
    tinType: input.tinType,
    // Only digits are sealed; the form's dashes are presentation.
    tinSealed: sealField(w9Key(deps.config), digits),
    tinLast4: lastFour(digits),
    signatureName: input.signatureName,
    signedOn: input.signedOn,
    submittedAt: deps.clock.now(),
  });
  return getW9(deps, params);
}

export async function getW9(deps: Pick<AffiliateDeps, 'db'>, params: { actor: AuthUser }) {
  const row = await q.findW9(deps.db, { userId: params.actor.id });
  if (!row)
    return {
      onFile: false,
      name: null,
      businessName: null,
      taxClassification: null,
      address: null,
      tinType: null,
      tinMasked: null,
      signatureName: null,
      signedOn: null,
      submittedAt: null,
    };
  return {
    onFile: true,
    name: row.name,
    businessName: row.businessName,
    taxClassification: row.taxClassification,
    address: `${row.address}, ${row.city}, ${row.state} ${row.zip}`,
    tinType: row.tinType,
    tinMasked: maskTin(row.tinType, row.tinLast4),
    signatureName: row.signatureName,
    signedOn: row.signedOn,
    submittedAt: row.submittedAt.toISOString(),
  };
}

/** The printable summary: every field as submitted, the TIN masked like on screen. */
export async function w9Pdf(deps: Pick<AffiliateDeps, 'db'>, params: { actor: AuthUser }) {
  const w9 = await getW9(deps, params);
  if (!w9.onFile) throw new AppError('NOT_FOUND', msg`No W-9 on file`);
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Form W-9 summary', { x: 50, y: 730, size: 20, font: bold });
  const rows: [string, string][] = [
    ['Name', w9.name ?? ''],
    ['Business name', w9.businessName ?? '-'],
    ['Tax classification', w9.taxClassification ?? ''],
    ['Address', w9.address ?? ''],
    [w9.tinType === 'ein' ? 'EIN' : 'SSN', (w9.tinMasked ?? '').replace(/•/g, '*')],
    ['Signed by', w9.signatureName ?? ''],
    ['Date', w9.signedOn ?? ''],
    ['Submitted', w9.submittedAt ?? ''],
  ];
  let y = 690;
  for (const [label, value] of rows) {
    page.drawText(label, { x: 50, y, size: 11, font: bold });
    // Standard fonts only encode WinAnsi: anything else is replaced rather than failing.
    page.drawText(value.replace(/[^\x20-\x7E]/g, '?'), { x: 200, y, size: 11, font });
    y -= 24;
  }
  return Buffer.from(await pdf.save());
}

/** The full TIN, for an admin preparing a 1099; every read is kept in the audit table. */
export async function revealTin(
  deps: AffiliateDeps,
  params: { actor: AuthUser; affiliateId: string },
) {
  // The route lets only admins in; the service holds the rule too, as the read is audited.
  if (!readsFullTin(params.actor)) throw new AppError('FORBIDDEN', msg`Required role: admin`);
  const row = await q.findW9(deps.db, { userId: params.affiliateId });
  if (!row) throw new AppError('NOT_FOUND', msg`No W-9 on file`);
  await q.recordW9Read(deps.db, {
    userId: params.affiliateId,
    readBy: params.actor.id,
    now: deps.clock.now(),
  });
  return { tin: openField(w9Key(deps.config), row.tinSealed) };
}
