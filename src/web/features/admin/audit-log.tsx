import type { AuditEntry } from '../../../contracts/admin';
import { formatDateTime } from '../../lib/dates';

const when = (iso: string) => formatDateTime(iso);

/** What an audit row says, in words. */
export function describeAudit(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case 'user.role_grant':
      return `granted ${String(d.role)} to user ${entry.targetId}`;
    case 'user.role_revoke':
      return `revoked ${String(d.role)} from user ${entry.targetId}`;
    case 'user.suspend':
      return `suspended user ${entry.targetId}`;
    case 'user.reactivate':
      return `reactivated user ${entry.targetId}`;
    case 'order.refund':
      return `refunded order ${entry.targetId}`;
    case 'setting.change':
      return `changed setting ${entry.targetId} to “${String(d.after)}”`;
    default:
      return `${entry.action} ${entry.targetType} ${entry.targetId ?? ''}`.trim();
  }
}

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (!entries.length) return <p className="text-sm text-muted-foreground">Nothing yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
          <span>
            <span className="font-medium">{entry.actor?.email ?? 'system'}</span>{' '}
            <span className="break-all">{describeAudit(entry)}</span>
          </span>
          <time dateTime={entry.createdAt} className="text-muted-foreground">
            {when(entry.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
