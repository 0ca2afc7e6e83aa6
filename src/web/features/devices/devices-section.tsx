import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import type { DeviceSession } from '../../../contracts/devices';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { deviceSessionsQuery, useEndOtherSessions, useEndSession } from './api';

/** The account settings section's heading and description, for the page that shows it. */
export const DEVICES_SECTION_TEXTS = {
  title: msg`Where you're signed in`,
  description: msg`Browsers and devices signed in to your account. Sign out any you don't recognise.`,
};

const MOBILE_SYSTEMS = new Set(['Android', 'iOS', 'iPadOS']);

/**
 * "Where you're signed in": every live session of the account with its browser, system, masked
 * address and when it was first and last seen; this device marked; sign one or all others out.
 */
export function DevicesSection() {
  const { t } = useLingui();
  const list = useQuery(deviceSessionsQuery);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = list.data?.sessions.filter((s) => !s.current).length ?? 0;

  return (
    <div className="flex flex-col gap-4">
      {list.isPending ? (
        <Spinner label={t`Loading where you're signed in`} />
      ) : list.isError ? (
        <Alert variant="destructive">
          {errorMessage(list.error, t`Your signed-in devices could not be loaded.`)}
        </Alert>
      ) : (
        <ul
          aria-label={t`Where you're signed in`}
          className="flex flex-col divide-y divide-border rounded-md border border-border"
        >
          {list.data.sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() => {
                endOthers.reset();
                endOne.mutate(session.id);
              }}
            />
          ))}
        </ul>
      )}
      {endOne.isError ? (
        <Alert variant="destructive">
          {errorMessage(endOne.error, t`That device could not be signed out. Please try again.`)}
        </Alert>
      ) : null}
      {endOthers.isError ? (
        <Alert variant="destructive">
          {errorMessage(endOthers.error, t`Your other devices could not be signed out.`)}
        </Alert>
      ) : null}
      {endOthers.isSuccess ? (
        <Alert variant="success" role="status">
          <Trans>You are signed out everywhere else.</Trans>
        </Alert>
      ) : null}
      {others > 0 ? (
        <div>
          <Button
            variant="outline"
            disabled={endOthers.isPending}
            onClick={() => {
              endOne.reset();
              endOthers.mutate();
            }}
          >
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {endOthers.isPending ? t`Signing out...` : t`Sign out all other devices`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: DeviceSession;
  ending: boolean;
  onEnd: () => void;
}) {
  const { t } = useLingui();
  const browser = session.browser ?? t`Unknown browser`;
  const system = session.system ?? t`unknown system`;
  const firstSeen = formatDateTime(session.firstSeenAt);
  const lastSeen = formatDateTime(session.lastSeenAt);
  const place = session.place;
  const Icon = session.system && MOBILE_SYSTEMS.has(session.system) ? Smartphone : Monitor;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="device-session">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span>
            <Trans>
              {browser} on {system}
            </Trans>
          </span>
          {session.current ? (
            <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
              <Trans>This device</Trans>
            </span>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {place ? <Trans>Network {place}</Trans> : <Trans>Network not recorded</Trans>}
        </p>
        <p className="text-xs text-muted-foreground">
          <Trans>
            Signed in {firstSeen} · Last active {lastSeen}
          </Trans>
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="outline"
          aria-label={t`Sign out ${browser} on ${system}`}
          disabled={ending}
          onClick={onEnd}
        >
          <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <span className="max-sm:sr-only">
            <Trans>Sign out</Trans>
          </span>
        </Button>
      )}
    </li>
  );
}
