import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../../contracts/admin';
import { formatDateTime } from '../../lib/dates';
import { labelOf, ROLE_LABELS } from './admin-labels';

const when = (iso: string) => formatDateTime(iso);

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
    default:
      // Other actions read as their stored names (user.view, event.feature…), as logged.
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
