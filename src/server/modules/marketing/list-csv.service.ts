import { z } from 'zod';
import {
  MARKETING_LIMITS,
  type ImportChunkInput,
  type ImportResult,
} from '../../../contracts/marketing';
import type { AuthUser } from '../../platform/auth/sessions';
import { csvDocument } from '../../platform/http/csv';
import { jobsIn } from '../../platform/jobs/in-transaction';
import { BULK_PRIORITY, enqueueBulkMail } from '../../platform/mail/mail-jobs';
import { fieldError, M, orNotFound, ownerOf, type MarketingDeps } from './marketing.service';
import { confirmationMail } from './subscription-links.service';
import * as q from './lists.queries';
import { findSuppressed } from './suppressions.queries';

const emailCheck = z.email();

/**
 * One chunk of a CSV import (the web app parses the file and sends 5,000 rows at a time, which
 * is its progress bar). Every row is added or reported with a reason: an invalid address, a
 * duplicate (in the file or already on the list), or someone who unsubscribed, who is never
 * re-subscribed by an import.
 */
export async function importChunk(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: ImportChunkInput,
): Promise<ImportResult> {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  const { mapping } = input;
  if (mapping.email >= input.header.length)
    throw fieldError('body.mapping.email', M.emailColumn, 'VALIDATION_FAILED');
  const skipped: ImportResult['skipped'] = [];
  const seen = new Set<string>();
  const candidates: {
    row: number;
    email: string;
    name: string;
    attributes: Record<string, string>;
  }[] = [];
  input.rows.forEach((cells, index) => {
    const row = input.firstRowNumber + index;
    const raw = (cells[mapping.email] ?? '').trim();
    const email = raw.toLowerCase();
    if (!emailCheck.safeParse(email).success || email.length > 320) {
      skipped.push({ row, email: raw.slice(0, 320), reason: 'invalid_email' });
      return;
    }
    if (seen.has(email)) {
      skipped.push({ row, email, reason: 'duplicate' });
      return;
    }
    seen.add(email);
    const attributes: Record<string, string> = {};
    for (const column of mapping.attributes) {
      const key = input.header[column];
      if (key && column !== mapping.email)
        attributes[key.slice(0, 100)] = (cells[column] ?? '').slice(0, 1000);
    }
    const name = mapping.name == null ? '' : (cells[mapping.name] ?? '').trim();
    candidates.push({
      row,
      email,
      name: name.slice(0, MARKETING_LIMITS.subscriberName),
      attributes,
    });
  });

  const emails = candidates.map((c) => c.email);
  const [suppressed, existing] = await Promise.all([
    findSuppressed(deps.db, { ownerId: list.ownerId, emails }),
    q.findListEmails(deps.db, { listId: list.id, emails }),
  ]);
  const fresh = candidates.filter((c) => {
    const status = existing.get(c.email);
    if (suppressed.has(c.email) || status === 'unsubscribed') {
      skipped.push({ row: c.row, email: c.email, reason: 'unsubscribed' });
      return false;
    }
    if (status) {
      skipped.push({ row: c.row, email: c.email, reason: 'duplicate' });
      return false;
    }
    return true;
  });
  const confirmFirst = list.optIn === 'double' && !input.consent;
  const now = deps.clock.now();
  const added = await deps.db.transaction(async (tx) => {
    const inserted = await q.insertSubscribers(
      tx,
      fresh.map((c) => ({
        listId: list.id,
        email: c.email,
        name: c.name,
        attributes: c.attributes,
        status: confirmFirst ? ('unconfirmed' as const) : ('subscribed' as const),
        source: 'import' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    if (confirmFirst && inserted.length > 0) {
      await enqueueBulkMail(
        deps.jobs,
        inserted.map((r) => confirmationMail(deps, list, r.email)),
        { priority: BULK_PRIORITY.announcement, db: jobsIn(tx) },
      );
    }
    return new Set(inserted.map((r) => r.email));
  });
  // Another chunk (or person) added the address between the check and the insert.
  for (const c of fresh)
    if (!added.has(c.email)) skipped.push({ row: c.row, email: c.email, reason: 'duplicate' });
  skipped.sort((a, b) => a.row - b.row);
  return { added: added.size, skipped };
}

export async function exportList(deps: MarketingDeps, actor: AuthUser, id: string) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  const rows = await q.exportSubscribers(deps.db, {
    listId: list.id,
    limit: MARKETING_LIMITS.exportRows,
  });
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.attributes)))].sort();
  return {
    filename: `${list.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'list'}.csv`,
    body: csvDocument([
      ['email', 'name', 'status', 'source', 'subscribed_at', ...keys],
      ...rows.map((r) => [
        r.email,
        r.name,
        r.status,
        r.source,
        r.createdAt.toISOString(),
        ...keys.map((k) => r.attributes[k] ?? ''),
      ]),
    ]),
  };
}
