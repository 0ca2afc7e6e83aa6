import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TeamRole } from '../../../contracts/teams';

export const ROLE_LABELS: Record<TeamRole, MessageDescriptor> = {
  manager: msg`Manager`,
  box_office: msg`Box office`,
  check_in: msg`Check-in`,
  finance: msg`Finance`,
  marketing: msg`Marketing`,
  vendor_manager: msg`Vendor manager`,
};
