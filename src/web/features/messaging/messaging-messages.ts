import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGING_MESSAGES,
  REMOVED_BY_MODERATOR,
} from '../../../contracts/messaging';

const max = MESSAGE_MAX_LENGTH;

// The contracts' messaging texts are the spec's English (the server translates them from its own
// catalog); the page checks some input itself with them. Keyed by that English, these are the
// same messages in the page's language.
const MESSAGES: Record<string, MessageDescriptor> = {
  [MESSAGING_MESSAGES.chatCreationTitle]: msg`Chat creation failed`,
  [MESSAGING_MESSAGES.chatCreationBody]: msg`Unable to create chat. Please try again.`,
  [MESSAGING_MESSAGES.markReadFailed]: msg`Update Failed`,
  [MESSAGING_MESSAGES.emptyMessage]: msg`Write a message or attach an image`,
  [MESSAGING_MESSAGES.tooLong]: msg`Messages can be at most ${max} characters`,
  [MESSAGING_MESSAGES.imageTooLarge]: msg`Images can be at most 8 MB`,
  [MESSAGING_MESSAGES.imageInvalid]: msg`Attach a JPEG, PNG, WebP or GIF image`,
  [REMOVED_BY_MODERATOR]: msg`Removed by a moderator`,
};

/** A contract's English messaging text in the page's language; any other text as it is. */
export function useMessagingText(): (message: string) => string {
  const { i18n } = useLingui();
  return (message) => {
    const descriptor = MESSAGES[message];
    return descriptor ? i18n._(descriptor) : message;
  };
}
