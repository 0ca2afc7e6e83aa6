import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { PUSH_PROMPT_DELAY_MS, PUSH_PROMPT_MS, SYSTEM_TOAST_MS } from '../../../contracts/limits';
import { notificationKeys } from './keys';
import { isPushSupported, PushError, subscribeToPush } from './push';
import { NOTICES } from './texts';

/** Set once the prompt has had its one chance in this browser (shown, or "Not now"). */
export const PUSH_PROMPT_DISMISSED_KEY = 'mea.push-prompt-dismissed';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

/** True when the visitor has not decided and the prompt has not been shown in this browser. */
export function shouldPromptForPush(): boolean {
  return (
    isPushSupported() &&
    Notification.permission === 'default' &&
    storage()?.getItem(PUSH_PROMPT_DISMISSED_KEY) === null
  );
}

/**
 * Pages where a person is filling in a form or paying: a prompt there would cover a field or
 * the Pay button, so it is never shown on them.
 */
const BUSY_PATHS = [
  /^\/pay\//,
  /^\/checkout/,
  /^\/cart/,
  /^\/ticket$/,
  /^\/pricing/,
  /^\/subscription/,
  /^\/vendor-profile/,
  /^\/vendors\/apply/,
  /^\/(create|edit)-/,
  /^\/events\/create/,
  /^\/[\w-]+\/create/,
  /^\/auth/,
  /^\/w9-tax-form/,
  /^\/profile/,
  /^\/funnel-builder/,
  /^\/notification-settings/,
];

export function isBusyPath(pathname: string): boolean {
  return BUSY_PATHS.some((pattern) => pattern.test(pathname));
}

export async function enablePush(onEnabled?: () => void): Promise<void> {
  try {
    await subscribeToPush();
    toast.success(i18n._(msg`Push notifications are on for this browser`));
    onEnabled?.();
  } catch (error) {
    const pushError = error instanceof PushError ? error : null;
    toast.error(pushError?.title ?? i18n._(NOTICES.pushSaveFailed), {
      description: pushError?.message,
      duration: SYSTEM_TOAST_MS,
    });
  }
}

let scheduled: ReturnType<typeof setTimeout> | null = null;

const isDialogOpen = () =>
  document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') !== null;

/**
 * spec §9 push prompt (shown after 3 s, for 10 s), asked where it helps and once: after a
 * person's first ticket or first message, when being told of replies and event changes is
 * worth something to them. It is never shown over a form or a payment (it waits for the next
 * such moment instead) nor beside an open dialog (it waits for the dialog to close), and once
 * shown it does not come back in this browser; the notification settings page offers push at
 * any time.
 */
export function offerPushOnce(onEnabled?: () => void): void {
  if (scheduled || !shouldPromptForPush()) return;
  scheduled = setTimeout(() => {
    scheduled = null;
    if (!shouldPromptForPush() || isBusyPath(window.location.pathname)) return;
    // Another question is open (the checkout rating after a payment): ask after it, not beside it.
    if (isDialogOpen()) {
      offerPushOnce(onEnabled);
      return;
    }
    storage()?.setItem(PUSH_PROMPT_DISMISSED_KEY, `shown ${new Date().toISOString()}`);
    // Said in the language of the moment it shows (the toast is not re-rendered on a switch).
    toast(i18n._(msg`Turn on notifications?`), {
      id: 'push-prompt',
      description: i18n._(
        msg`Hear about tickets, messages and event changes even when this tab is closed.`,
      ),
      duration: PUSH_PROMPT_MS,
      // At the top, clear of the message box and of the page's own buttons at the bottom.
      position: 'top-center',
      action: { label: i18n._(msg`Enable`), onClick: () => void enablePush(onEnabled) },
      cancel: {
        label: i18n._(msg`Not now`),
        onClick: () =>
          storage()?.setItem(PUSH_PROMPT_DISMISSED_KEY, `not now ${new Date().toISOString()}`),
      },
    });
  }, PUSH_PROMPT_DELAY_MS);
}

/** `offerPushOnce` for a component: a subscription made from the prompt refreshes the lists. */
export function useOfferPushOnce(): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      offerPushOnce(
        () =>
          void queryClient.invalidateQueries({ queryKey: notificationKeys.pushSubscriptions() }),
      ),
    [queryClient],
  );
}
