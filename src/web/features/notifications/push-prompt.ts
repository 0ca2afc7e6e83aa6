import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { PUSH_PROMPT_DELAY_MS, PUSH_PROMPT_MS, SYSTEM_TOAST_MS } from '../../../contracts/limits';
import { notificationKeys } from './keys';
import { isPushSupported, PushError, subscribeToPush } from './push';

export const PUSH_PROMPT_DISMISSED_KEY = 'mea.push-prompt-dismissed';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

/** True when the visitor has not decided: permission never asked and "Not now" never chosen. */
export function shouldPromptForPush(): boolean {
  return (
    isPushSupported() &&
    Notification.permission === 'default' &&
    storage()?.getItem(PUSH_PROMPT_DISMISSED_KEY) === null
  );
}

export async function enablePush(onEnabled?: () => void): Promise<void> {
  try {
    await subscribeToPush();
    toast.success('Push notifications are on for this browser');
    onEnabled?.();
  } catch (error) {
    const pushError = error instanceof PushError ? error : null;
    toast.error(pushError?.title ?? 'Subscription Failed', {
      description: pushError?.message,
      duration: SYSTEM_TOAST_MS,
    });
  }
}

/**
 * spec §9 push prompt: 3 s after the page opens, for 10 s, to signed-in visitors who have not
 * decided. "Not now" is remembered in this browser; letting it time out asks again next visit.
 */
export function usePushPrompt(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onEnabled = () =>
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pushSubscriptions() });
    if (!shouldPromptForPush()) return;
    const timer = setTimeout(() => {
      toast('Turn on notifications?', {
        id: 'push-prompt',
        description: 'Hear about tickets, messages and event changes even when this tab is closed.',
        duration: PUSH_PROMPT_MS,
        action: { label: 'Enable', onClick: () => void enablePush(onEnabled) },
        cancel: {
          label: 'Not now',
          onClick: () => storage()?.setItem(PUSH_PROMPT_DISMISSED_KEY, new Date().toISOString()),
        },
      });
    }, PUSH_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [queryClient]);
}
