import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { REQUIRED_MESSAGES, SIGN_UP_MESSAGES } from '../../../contracts/accounts';
import { PASSWORD_MIN_LENGTH } from '../../../contracts/limits';

const min = PASSWORD_MIN_LENGTH;

// The forms check input with the contracts' schemas, whose messages are the spec's English (the
// server translates the same texts from its own catalog). Keyed by that English, these are the
// messages a person reads under a field in the page's language.
const MESSAGES: Record<string, MessageDescriptor> = {
  [REQUIRED_MESSAGES.fullName]: msg`Please enter your full name`,
  // Also SIGN_UP_MESSAGES.resetNoEmail, the same text.
  [REQUIRED_MESSAGES.email]: msg`Please enter your email address`,
  [REQUIRED_MESSAGES.emailFormat]: msg`Please enter a valid email address`,
  [REQUIRED_MESSAGES.phone]: msg`Please enter your phone number`,
  [REQUIRED_MESSAGES.phoneFormat]: msg`Please enter a valid phone number`,
  [REQUIRED_MESSAGES.password]: msg`Please enter a password`,
  [REQUIRED_MESSAGES.confirmPassword]: msg`Please confirm your password`,
  [SIGN_UP_MESSAGES.passwordsDiffer]: msg`Passwords do not match`,
  [SIGN_UP_MESSAGES.shortPassword]: msg`Password must be at least ${min} characters long`,
  [SIGN_UP_MESSAGES.missingVenueType]: msg`Please select a venue type for your venue account`,
  [SIGN_UP_MESSAGES.missingService('organizer')]:
    msg`Please select a service for your organizer account`,
  [SIGN_UP_MESSAGES.missingService('vendor')]: msg`Please select a service for your vendor account`,
  [SIGN_UP_MESSAGES.missingInterest]: msg`Please select the type of events you're interested in attending`,
  [SIGN_UP_MESSAGES.invalidService]: msg`Please choose one of the listed options`,
  // Written inline in the contracts' ChangePasswordSchema and SignInInputSchema.
  'Please enter your current password': msg`Please enter your current password`,
  'Email is required': msg`Email is required`,
  'Password is required': msg`Password is required`,
};

/** The English keys, for the test that each message reads them word for word in English. */
export const CONTRACT_MESSAGE_KEYS = Object.keys(MESSAGES);

/**
 * A field message in the page's language: a contract's English text translated, anything else
 * (the server's messages arrive already translated) as it is. For FormField's `formatError`.
 */
export function useFieldMessage(): (message: string) => string {
  const { i18n } = useLingui();
  return (message) => {
    const descriptor = MESSAGES[message];
    return descriptor ? i18n._(descriptor) : message;
  };
}
