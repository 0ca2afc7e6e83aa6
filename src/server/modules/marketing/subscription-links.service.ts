import { msg } from '@lingui/core/macro';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { AppError } from '../../platform/http/errors';
import { translator } from '../../platform/i18n/translate';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { renderMail } from '../../platform/mail/templates';
import { M, secretOf, type MarketingDeps } from './marketing.service';
import { readToken, signToken } from './tokens';
import * as q from './lists.queries';
import { findOwnedCampaign, insertCampaignEvent } from './campaigns.queries';
import { findSuppressed, liftSuppression, suppressAddress } from './suppressions.queries';

// What a person does without an account: sign up from a form, confirm from the mailed link,
// leave from any mail's unsubscribe link.

/** The double opt-in mail: one signed link that puts the address on the list. */
export function confirmationMail(
  deps: Pick<MarketingDeps, 'config'>,
  list: Pick<q.ListRow, 'id' | 'name'>,
  email: string,
  /** The language of the form they signed up from; English for an organizer's import. */
  locale: Locale = SOURCE_LOCALE,
) {
  const token = signToken(secretOf(deps.config), 'confirm', [list.id, email]);
  const _ = translator(locale);
  const name = list.name;
  return renderMail({
    to: email,
    locale,
    subject: _(msg`Confirm your subscription to ${name}`),
    appName: deps.config.APP_NAME,
    greeting: _(msg`Hi,`),
    paragraphs: [_(msg`Please confirm that you want to receive "${name}".`)],
    action: {
      label: _(msg`Confirm my subscription`),
      url: `${deps.config.PUBLIC_URL}/api/marketing/confirm?token=${token}`,
    },
    footer: _(msg`If you didn't sign up, ignore this email and you won't hear from us.`),
  });
}

export async function getPublicList(deps: MarketingDeps, id: string) {
  const list = await q.findListById(deps.db, { id });
  if (!list || list.visibility !== 'public') throw new AppError('NOT_FOUND', M.listNotFound);
  return list;
}

/**
 * A sign-up from a form (a public list's page or a funnel's opt-in block). Double opt-in lists,
 * and any address that unsubscribed before, get a confirmation link first: a form cannot put
 * someone else's address back on a list. The answer is the same whatever the address's state.
 */
export async function subscribeFromForm(
  deps: MarketingDeps,
  list: q.ListRow,
  input: { email: string; name: string },
  source: 'form' | 'funnel',
  locale: Locale = SOURCE_LOCALE,
): Promise<'subscribed' | 'confirm'> {
  const email = input.email.toLowerCase();
  const now = deps.clock.now();
  const suppressed = (
    await findSuppressed(deps.db, { ownerId: list.ownerId, emails: [email] })
  ).has(email);
  const confirmFirst = list.optIn === 'double' || suppressed;
  const existing = await q.findSubscriber(deps.db, { listId: list.id, email });
  if (existing?.status === 'subscribed') return 'subscribed';
  if (!existing) {
    await q.insertSubscribers(deps.db, [
      {
        listId: list.id,
        email,
        name: input.name,
        status: confirmFirst ? 'unconfirmed' : 'subscribed',
        source,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  }
  if (confirmFirst) {
    await enqueueMail(deps.jobs, confirmationMail(deps, list, email, locale));
    return 'confirm';
  }
  if (existing) {
    await q.setSubscriberStatus(deps.db, {
      listId: list.id,
      email,
      from: ['unconfirmed'],
      to: 'subscribed',
      now,
    });
  }
  await sendWelcome(deps, list, email, locale);
  return 'subscribed';
}

/** The organizer's welcome (their words), framed in the subscriber's language. */
async function sendWelcome(deps: MarketingDeps, list: q.ListRow, email: string, locale: Locale) {
  if (!list.welcomeSubject || !list.welcomeText) return;
  const _ = translator(locale);
  const name = list.name;
  const url = `${deps.config.PUBLIC_URL}/api/marketing/unsubscribe?token=${signToken(secretOf(deps.config), 'unsubscribe', [`list:${list.id}`, email])}`;
  const mail = renderMail({
    to: email,
    locale,
    subject: list.welcomeSubject,
    appName: deps.config.APP_NAME,
    greeting: _(msg`Hi,`),
    paragraphs: [list.welcomeText],
    footer: _(msg`You get this email because you subscribed to "${name}". Unsubscribe: ${url}`),
  });
  await enqueueMail(deps.jobs, {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** The double opt-in link: subscribes (and lifts an earlier unsubscribe, since they asked). */
export async function confirmFromLink(
  deps: MarketingDeps,
  token: string,
  locale: Locale = SOURCE_LOCALE,
): Promise<boolean> {
  const parts = readToken(secretOf(deps.config), 'confirm', token);
  if (!parts || parts.length !== 2) return false;
  const [listId, email] = parts as [string, string];
  const list = await q.findListById(deps.db, { id: listId });
  if (!list) return false;
  const changed = await q.setSubscriberStatus(deps.db, {
    listId,
    email,
    from: ['unconfirmed', 'unsubscribed'],
    to: 'subscribed',
    now: deps.clock.now(),
  });
  if (changed.length === 0) return Boolean(await q.findSubscriber(deps.db, { listId, email }));
  await liftSuppression(deps.db, { ownerId: list.ownerId, email });
  await sendWelcome(deps, list, email, locale);
  return true;
}

/**
 * One-click unsubscribe (RFC 8058): no session, immediate, from every list of the same owner
 * (the suppression list), recorded against the campaign the link came from.
 */
export async function unsubscribeFromLink(deps: MarketingDeps, token: string) {
  const parts = readToken(secretOf(deps.config), 'unsubscribe', token);
  if (!parts || parts.length !== 2)
    throw new AppError('NOT_FOUND', msg`This unsubscribe link is not valid`);
  const [source, email] = parts as [string, string];
  let ownerId: string | undefined;
  let campaignId: string | undefined;
  if (source.startsWith('list:')) {
    ownerId = (await q.findListById(deps.db, { id: source.slice(5) }))?.ownerId;
  } else {
    const campaign = await findOwnedCampaign(deps.db, {
      id: source,
      owner: { id: '', admin: true },
    });
    ownerId = campaign?.ownerId;
    campaignId = campaign?.id;
  }
  if (!ownerId) throw new AppError('NOT_FOUND', msg`This unsubscribe link is not valid`);
  const now = deps.clock.now();
  const lists = await deps.db.transaction(async (tx) => {
    const names = await suppressAddress(tx, {
      ownerId: ownerId as string,
      email,
      reason: 'unsubscribed',
      now,
    });
    if (campaignId && names.length > 0)
      await insertCampaignEvent(tx, { campaignId, email, kind: 'unsubscribe', createdAt: now });
    return names;
  });
  return { email, lists };
}
