import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { AdminUser } from '../../../contracts/admin';
import { ROLES, USER_TYPES, type Role } from '../../../contracts/enums';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { AccountActions } from './account-actions';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { AdminListTable, useAdminListTable } from './admin-list';
import { useChangeRole, useSuspend, userQuery } from './api';
import { formatDate } from '../../lib/dates';
import { formatUnits, labelOf, ROLE_LABELS, USER_TYPE_LABELS } from './admin-labels';

const date = (iso: string) => formatDate(iso);

/** /admin/users: search, filter and sort every account; roles, suspension and details. */
export function AdminUsersPage() {
  const { t, i18n } = useLingui();
  const typeLabel = (value: string) => labelOf(USER_TYPE_LABELS, value, (d) => i18n._(d));
  const roleLabel = (value: string) => labelOf(ROLE_LABELS, value, (d) => i18n._(d));
  const [type, setType] = useState('');
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const source = useAdminListTable<AdminUser>('users', 'created', {
    type: type || undefined,
    role: role || undefined,
    status: status || undefined,
  });
  const { resetPage } = source;
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: ColumnDef<AdminUser, never>[] = [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: true,
      cell: ({ row }) => (
        <button
          type="button"
          className="text-start font-medium underline-offset-2 hover:underline"
          onClick={() => setOpenId(row.original.id)}
        >
          {row.original.fullName}
        </button>
      ),
    },
    { id: 'email', header: t`Email`, enableSorting: true, cell: ({ row }) => row.original.email },
    { id: 'type', header: t`Type`, cell: ({ row }) => typeLabel(row.original.userType) },
    {
      id: 'roles',
      header: t`Roles`,
      cell: ({ row }) => row.original.roles.map(roleLabel).join(', ') || '—',
    },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          {row.original.suspended ? (
            <Badge variant="danger">
              <Trans>Suspended</Trans>
            </Badge>
          ) : (
            <Badge variant="success">
              <Trans>Active</Trans>
            </Badge>
          )}
          {row.original.confirmed ? null : (
            <Badge variant="warning">
              <Trans>Unconfirmed</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'created',
      header: t`Joined`,
      enableSorting: true,
      cell: ({ row }) => date(row.original.createdAt),
    },
  ];

  return (
    <PageBody>
      <PageHeader
        title={t`Users`}
        description={t`Every account: roles, suspension and activity.`}
      />
      <div className="mb-3 flex flex-wrap gap-3">
        <FilterSelect label={t`Type`} value={type} onChange={(v) => (setType(v), resetPage())}>
          <option value="">{t`All types`}</option>
          {USER_TYPES.map((value) => (
            <option key={value} value={value}>
              {typeLabel(value)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t`Role`} value={role} onChange={(v) => (setRole(v), resetPage())}>
          <option value="">{t`Any role`}</option>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {roleLabel(value)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t`Status`}
          value={status}
          onChange={(v) => (setStatus(v), resetPage())}
        >
          <option value="">{t`Any status`}</option>
          <option value="active">{t`active`}</option>
          <option value="suspended">{t`suspended`}</option>
        </FilterSelect>
      </div>
      <AdminListTable
        source={source}
        caption={t`Users`}
        columns={columns}
        filterLabel={t`Search by name or email`}
        emptyMessage={t`No users match.`}
        loadFailed={t`Could not load users`}
      />
      {openId ? <UserDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </PageBody>
  );
}

export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      {label}
      <Select className="w-40" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </Select>
    </label>
  );
}

function UserDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const user = useQuery(userQuery(id));
  const changeRole = useChangeRole();
  const suspend = useSuspend();
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const failure = changeRole.error ?? suspend.error;
  const u = user.data;
  const name = u?.fullName ?? '';
  const events = u?.events.length ?? 0;
  const orders = u?.orders.length ?? 0;
  const tickets = u?.ticketCount ?? 0;
  const sessions = u?.sessions.length ?? 0;
  const passkeys = u?.passkeys.length ?? 0;
  const suspendedBecause = (given: string | null | undefined) => {
    const reason = given || t`no reason given`;
    return t`Suspended (${reason})`;
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={u?.fullName ?? t`User`}>
      {!u ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">
              <Trans>Email</Trans>
            </dt>
            <dd className="break-all">{u.email}</dd>
            <dt className="text-muted-foreground">
              <Trans>Type</Trans>
            </dt>
            <dd>{labelOf(USER_TYPE_LABELS, u.userType, (d) => i18n._(d))}</dd>
            <dt className="text-muted-foreground">
              <Trans>Joined</Trans>
            </dt>
            <dd>{date(u.createdAt)}</dd>
            <dt className="text-muted-foreground">
              <Trans>Status</Trans>
            </dt>
            <dd>{u.suspended ? suspendedBecause(u.suspension?.reason) : t`Active`}</dd>
            <dt className="text-muted-foreground">
              <Trans>Activity</Trans>
            </dt>
            <dd>
              {formatUnits([
                t`${plural(events, { one: '# event', other: '# events' })}`,
                t`${plural(orders, { one: '# order', other: '# orders' })}`,
                t`${plural(tickets, { one: '# ticket', other: '# tickets' })}`,
                t`${plural(sessions, { one: '# session', other: '# sessions' })}`,
                t`${plural(passkeys, { one: '# passkey', other: '# passkeys' })}`,
              ])}
            </dd>
          </dl>
          {failure ? (
            <Alert variant="destructive" title={errorMessage(failure, t`That did not work`)} />
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">
              <Trans>Roles</Trans>
            </legend>
            {ROLES.map((r: Role) => (
              <label key={r} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={u.roles.includes(r)}
                  disabled={changeRole.isPending}
                  onChange={(e) =>
                    changeRole.mutate(
                      { userId: u.id, role: r, granted: e.target.checked },
                      { onSuccess: () => void user.refetch() },
                    )
                  }
                />
                {i18n._(ROLE_LABELS[r])}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            {u.suspended ? (
              <Button
                variant="outline"
                disabled={suspend.isPending}
                onClick={() =>
                  suspend.mutate(
                    { userId: u.id, suspend: false },
                    { onSuccess: () => void user.refetch() },
                  )
                }
              >
                <Trans>Reactivate</Trans>
              </Button>
            ) : (
              <Button variant="destructive" onClick={() => setConfirmSuspend(true)}>
                <Trans>Suspend</Trans>
              </Button>
            )}
          </div>
          <AccountActions user={u} onChanged={() => void user.refetch()} />
          <ConfirmDialog
            open={confirmSuspend}
            onOpenChange={setConfirmSuspend}
            title={t`Suspend ${name}?`}
            description={t`They are signed out everywhere at once and cannot sign in until reactivated.`}
            error={suspend.error ? errorMessage(suspend.error, t`Could not suspend`) : null}
            cancelLabel={t`Keep active`}
            confirmLabel={t`Suspend account`}
            isPending={suspend.isPending}
            onConfirm={() =>
              suspend.mutate(
                { userId: u.id, suspend: true, reason: 'Suspended from the admin console' },
                {
                  onSuccess: () => {
                    setConfirmSuspend(false);
                    void user.refetch();
                  },
                },
              )
            }
          />
        </div>
      )}
    </Dialog>
  );
}
