import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { pushSubscriptionsQuery } from './api';
import { notificationKeys } from './keys';
import {
  getPushState,
  PushError,
  subscribeToPush,
  unsubscribeFromPush,
  type PushState,
} from './push';
import { NOTICES } from './texts';

const browserStateKey = [...notificationKeys.pushSubscriptions(), 'this-browser'] as const;

/**
 * This browser's push state (spec §4). A subscription the server does not hold (removed
 * elsewhere, or a save that failed) counts as unsubscribed, so Enable saves it again.
 */
function usePushState() {
  const browser = useQuery({
    queryKey: browserStateKey,
    queryFn: getPushState,
    staleTime: Infinity,
    retry: false,
  });
  const server = useQuery({
    ...pushSubscriptionsQuery,
    enabled: browser.data?.state === 'subscribed',
  });
  let state: PushState | undefined = browser.data?.state;
  if (state === 'subscribed' && server.data) {
    const endpoints = server.data.subscriptions.map((s) => s.endpoint);
    if (!endpoints.includes(browser.data?.endpoint ?? '')) state = 'unsubscribed';
  }
  const isLoading = browser.isPending || (browser.data?.state === 'subscribed' && server.isPending);
  const otherDevices =
    server.data?.subscriptions.filter((s) => s.endpoint !== browser.data?.endpoint).length ?? 0;
  return { state: isLoading ? undefined : state, otherDevices };
}

// A refused permission already shows as the denied state; no second alert saying the same.
const isDenial = (error: unknown) => error instanceof PushError && error.kind === 'denied';

function PushFailure({ error }: { error: unknown }) {
  const pushError = error instanceof PushError ? error : null;
  const { i18n, t } = useLingui();
  return (
    <Alert variant="destructive" title={pushError?.title ?? i18n._(NOTICES.pushSaveFailed)}>
      <p>{pushError?.message ?? t`Please try again.`}</p>
    </Alert>
  );
}

/** Subscribe or unsubscribe this browser to web push, with the states and texts of spec §4/§8. */
export function PushSettings() {
  const queryClient = useQueryClient();
  const { state, otherDevices } = usePushState();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: notificationKeys.pushSubscriptions() });
  const subscribe = useMutation({ mutationFn: subscribeToPush, onSettled: refresh });
  const unsubscribe = useMutation({ mutationFn: unsubscribeFromPush, onSettled: refresh });
  const isBusy = subscribe.isPending || unsubscribe.isPending;
  const { i18n, t } = useLingui();
  const lastError = subscribe.isError
    ? subscribe.error
    : unsubscribe.isError
      ? unsubscribe.error
      : null;

  return (
    <section
      aria-labelledby="push-settings-title"
      className="flex flex-col gap-4 rounded-lg border border-border p-4 md:p-6"
    >
      <div className="flex items-start gap-3">
        <BellRing aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 id="push-settings-title" className="text-lg font-semibold">
            <Trans>Push notifications on this browser</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Get alerts on this device even when the site is closed. Which kinds arrive by push is
              chosen above.
            </Trans>
            {otherDevices > 0
              ? ` ${t`Also on ${plural(otherDevices, { one: '# other browser', other: '# other browsers' })}.`}`
              : ''}
          </p>
        </div>
      </div>

      {state === undefined ? (
        <Spinner label={t`Checking push notifications`} />
      ) : state === 'unsupported' ? (
        <Alert title={i18n._(NOTICES.pushUnsupported)}>
          <p>
            <Trans>
              This browser cannot receive push notifications. In-app and e-mail notifications still
              work.
            </Trans>
          </p>
        </Alert>
      ) : state === 'denied' ? (
        <Alert variant="destructive" title={i18n._(NOTICES.pushDeniedTitle)}>
          <p>{i18n._(NOTICES.pushDenied)}</p>
        </Alert>
      ) : state === 'subscribed' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Alert variant="success" className="flex-1">
            <p>
              <Trans>Push notifications are on for this browser.</Trans>
            </p>
          </Alert>
          <Button variant="outline" onClick={() => unsubscribe.mutate()} disabled={isBusy}>
            {unsubscribe.isPending ? (
              <Trans>Turning off...</Trans>
            ) : (
              <Trans>Turn off push notifications</Trans>
            )}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            {state === 'default'
              ? t`Your browser will ask for permission first.`
              : t`Push notifications are off for this browser.`}
          </p>
          <Button onClick={() => subscribe.mutate()} disabled={isBusy}>
            {subscribe.isPending ? (
              <Trans>Turning on...</Trans>
            ) : (
              <Trans>Enable push notifications</Trans>
            )}
          </Button>
        </div>
      )}
      {lastError && !isBusy && !(isDenial(lastError) && state === 'denied') ? (
        <PushFailure error={lastError} />
      ) : null}
    </section>
  );
}
