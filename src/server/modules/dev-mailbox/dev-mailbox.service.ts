import { msg } from '@lingui/core/macro';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/http/errors';
import { findCapturedEmailById, findCapturedEmails } from './dev-mailbox.queries';

type MailboxDeps = { db: Database };

/** The newest captured mails, only those to one address when given. */
export function listCapturedEmails(deps: MailboxDeps, params: { to?: string } = {}) {
  return findCapturedEmails(deps.db, params);
}

export async function getCapturedEmail(deps: MailboxDeps, params: { id: string }) {
  const mail = await findCapturedEmailById(deps.db, params);
  if (!mail) throw new AppError('NOT_FOUND', msg`No such mail`);
  return mail;
}
