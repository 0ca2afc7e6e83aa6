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

const date = (iso: string) => formatDate(iso);

/** /admin/users: search, filter and sort every account; roles, suspension and details. */
export function AdminUsersPage() {
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
      header: 'Name',
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
    { id: 'email', header: 'Email', enableSorting: true, cell: ({ row }) => row.original.email },
    { id: 'type', header: 'Type', cell: ({ row }) => row.original.userType },
    {
      id: 'roles',
      header: 'Roles',
      cell: ({ row }) => row.original.roles.join(', ') || '—',
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          {row.original.suspended ? (
            <Badge variant="danger">Suspended</Badge>
          ) : (
            <Badge variant="success">Active</Badge>
          )}
          {row.original.confirmed ? null : <Badge variant="warning">Unconfirmed</Badge>}
        </span>
      ),
    },
    {
      id: 'created',
      header: 'Joined',
      enableSorting: true,
      cell: ({ row }) => date(row.original.createdAt),
    },
  ];

  return (
    <PageBody>
      <PageHeader title="Users" description="Every account: roles, suspension and activity." />
      <div className="mb-3 flex flex-wrap gap-3">
        <FilterSelect label="Type" value={type} onChange={(v) => (setType(v), resetPage())}>
          <option value="">All types</option>
          {USER_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </FilterSelect>
        <FilterSelect label="Role" value={role} onChange={(v) => (setRole(v), resetPage())}>
          <option value="">Any role</option>
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </FilterSelect>
        <FilterSelect label="Status" value={status} onChange={(v) => (setStatus(v), resetPage())}>
          <option value="">Any status</option>
          <option value="active">active</option>
          <option value="suspended">suspended</option>
        </FilterSelect>
      </div>
      <AdminListTable
        source={source}
        caption="Users"
        columns={columns}
        filterLabel="Search by name or email"
        emptyMessage="No users match."
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
  const user = useQuery(userQuery(id));
  const changeRole = useChangeRole();
  const suspend = useSuspend();
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const failure = changeRole.error ?? suspend.error;
  const u = user.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={u?.fullName ?? 'User'}>
      {!u ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-all">{u.email}</dd>
            <dt className="text-muted-foreground">Type</dt>
            <dd>{u.userType}</dd>
            <dt className="text-muted-foreground">Joined</dt>
            <dd>{date(u.createdAt)}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              {u.suspended ? `Suspended (${u.suspension?.reason || 'no reason given'})` : 'Active'}
            </dd>
            <dt className="text-muted-foreground">Activity</dt>
            <dd>
              {u.events.length} events, {u.orders.length} orders, {u.ticketCount} tickets,{' '}
              {u.sessions.length} sessions, {u.passkeys.length} passkeys
            </dd>
          </dl>
          {failure ? (
            <Alert variant="destructive" title={errorMessage(failure, 'That did not work')} />
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">Roles</legend>
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
                {r}
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
                Reactivate
              </Button>
            ) : (
              <Button variant="destructive" onClick={() => setConfirmSuspend(true)}>
                Suspend
              </Button>
            )}
          </div>
          <AccountActions user={u} onChanged={() => void user.refetch()} />
          <ConfirmDialog
            open={confirmSuspend}
            onOpenChange={setConfirmSuspend}
            title={`Suspend ${u.fullName}?`}
            description="They are signed out everywhere at once and cannot sign in until reactivated."
            error={suspend.error ? errorMessage(suspend.error, 'Could not suspend') : null}
            cancelLabel="Keep active"
            confirmLabel="Suspend account"
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
