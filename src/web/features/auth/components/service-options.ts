import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SERVICE_OPTIONS, UserType } from '../../../../contracts/enums';
import { CATEGORY_LABELS } from '../../service-types';

type ServiceOption = (typeof SERVICE_OPTIONS)[UserType][number];

// The sign-up choices are fixed values the API stores (in English); only the option a person
// reads is translated. Organizer, venue and vendor categories are named once for every feature
// (features/service-types); the attendee interests only sign-up shows are named here.
export const SERVICE_OPTION_LABELS: Record<string, MessageDescriptor> = {
  ...CATEGORY_LABELS,
  Music: msg`Music`,
  Sports: msg`Sports`,
  Business: msg`Business`,
  Community: msg`Community`,
} satisfies Record<ServiceOption, MessageDescriptor>;
