import type { MessageDescriptor } from '@lingui/core';
import { must } from '../../platform/must';
import { MARKETING_MESSAGES } from '../../../contracts/marketing';
import { SOURCE_LOCALE } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import type { JobQueue } from '../../platform/jobs/jobs';
import { canUseMarketing } from './marketing.policy';
import type { Owner } from './marketing.queries';

// What every marketing service shares: its dependencies, its queues, who may use it and how it
// answers a row it cannot find. The verbs live in one service per area: lists, list-csv,
// subscription-links, campaigns, bounces, preferences, tracking and funnels.

export interface MarketingDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET' | 'MAIL_BULK_RATE'>;
}

/** The queue of campaign batches: one job per batch, each queuing the next (decision 024). */
export const CAMPAIGN_QUEUE = 'marketing.campaign';
/** Campaign mails the receiving server refused for good (5xx), reported by the bulk mail lane. */
export const REFUSAL_QUEUE = 'marketing.refused';
/** The funnel attribution cookie: HttpOnly, signed, sent only to this module's API. */
export const FUNNEL_COOKIE = 'mea_funnel';
/** A ticket order counts for the funnel whose event card was last clicked within this time. */
export const FUNNEL_COOKIE_DAYS = 7;

export const M = MARKETING_MESSAGES;

/** The session secret signs list tokens; it is always set once the app has started. */
export const secretOf = (config: { SESSION_SECRET?: string }) =>
  must(config.SESSION_SECRET, 'SESSION_SECRET');

export const mailConfig = <C extends { SESSION_SECRET?: string }>(config: C) => ({
  ...config,
  SESSION_SECRET: secretOf(config),
});

export function ownerOf(actor: AuthUser): Owner {
  if (!canUseMarketing(actor)) throw new AppError('FORBIDDEN', M.forbidden);
  return { id: actor.id, admin: isAdmin(actor) };
}

/** The row, or 404 with `message`: someone else's list, campaign or funnel is not found. */
export const orNotFound = <T>(row: T | undefined, message: string | MessageDescriptor): T => {
  if (!row) throw new AppError('NOT_FOUND', message);
  return row;
};

/**
 * A refusal naming the field. The field's message is the English (values filled in); the error
 * handler reads both in the request's language.
 */
export const fieldError = (
  field: string,
  message: string | MessageDescriptor,
  code: 'CONFLICT' | 'VALIDATION_FAILED',
) =>
  new AppError(code, message, {
    fields: [
      { field, message: typeof message === 'string' ? message : translate(SOURCE_LOCALE, message) },
    ],
  });
