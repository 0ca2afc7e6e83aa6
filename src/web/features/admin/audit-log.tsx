import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../../contracts/admin';
import { formatDateTime } from '../../lib/dates';
import { labelOf, ROLE_LABELS } from './admin-labels';

const when = (iso: string) => formatDateTime(iso);
// Brand names, the same in every language.
const walletName = (kind: string) => (kind === 'apple' ? 'Apple Wallet' : 'Google Wallet');

/** What an audit row says, in words, in the page's language. */
export function describeAudit(entry: AuditEntry, i18n: I18n): string {
  const d = entry.details;
  const target = entry.targetId ?? '';
  switch (entry.action) {
    case 'user.role_grant': {
      const role = labelOf(ROLE_LABELS, String(d.role), (m) => i18n._(m));
      return i18n._(msg`granted ${role} to user ${target}`);
    }
    case 'user.role_revoke': {
      const role = labelOf(ROLE_LABELS, String(d.role), (m) => i18n._(m));
      return i18n._(msg`revoked ${role} from user ${target}`);
    }
    case 'user.suspend':
      return i18n._(msg`suspended user ${target}`);
    case 'user.reactivate':
      return i18n._(msg`reactivated user ${target}`);
    case 'order.refund':
      return i18n._(msg`refunded order ${target}`);
    case 'setting.change': {
      const value = String(d.after);
      return i18n._(msg`changed setting ${target} to “${value}”`);
    }
    case 'user.view':
      return i18n._(msg`viewed user ${target}`);
    case 'user.password_reset_sent':
      return i18n._(msg`sent a password reset link to user ${target}`);
    case 'user.confirmation_resent':
      return i18n._(msg`sent a new confirmation link to user ${target}`);
    case 'user.erase':
      return i18n._(msg`deleted the account of user ${target}`);
    case 'event.unpublish':
      return i18n._(msg`unpublished event ${target}`);
    case 'event.republish':
      return i18n._(msg`republished event ${target}`);
    case 'event.feature':
      return i18n._(msg`featured event ${target}`);
    case 'event.unfeature':
      return i18n._(msg`stopped featuring event ${target}`);
    case 'event.cancel':
      return i18n._(msg`cancelled event ${target}`);
    case 'event.transfer':
      return i18n._(msg`transferred event ${target}`);
    case 'order.export':
      return i18n._(msg`exported orders`);
    case 'feedback.hide':
      return i18n._(msg`hid event review ${target}`);
    case 'message.remove':
      return i18n._(msg`removed message ${target}`);
    case 'report.dismiss':
      return i18n._(msg`dismissed the reports on ${target}`);
    case 'report.hide':
      return i18n._(msg`hid reported content ${target}`);
    case 'report.suspend_author':
      return i18n._(msg`suspended the author of ${target}`);
    case 'platform_tax.set': {
      const after = d.after as { name?: string; percent?: string } | null;
      const name = String(after?.name ?? '');
      const percent = String(after?.percent ?? '');
      return i18n._(msg`set the tax on MEA Events' charges ${target} to ${percent} % ${name}`);
    }
    case 'platform_tax.remove':
      return i18n._(msg`removed the tax on MEA Events' charges ${target}`);
    case 'platform_wallet.set':
      return i18n._(msg`set MEA Events' ${walletName(target)} account`);
    case 'platform_wallet.replace':
      return i18n._(msg`replaced MEA Events' ${walletName(target)} account`);
    case 'platform_wallet.remove':
      return i18n._(msg`removed MEA Events' ${walletName(target)} account`);
    default:
      // An action this page does not know yet reads as its stored name, as logged.
      return `${entry.action} ${entry.targetType} ${target}`.trim();
  }
}

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useLingui();
  if (!entries.length)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Nothing yet.</Trans>
      </p>
    );
  return (
    <ul className="flex flex-col divide-y divide-border text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
          <span>
            <span className="font-medium">{entry.actor?.email ?? t`system`}</span>{' '}
            <span className="break-all">{describeAudit(entry, i18n)}</span>
          </span>
          <time dateTime={entry.createdAt} className="text-muted-foreground">
            {when(entry.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
