import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The plan-gating refusals, whole sentences per feature so each language can word them its
// own way (the plan's name is the admin's own and stays as written).

const featureLabel = (feature: string) =>
  feature.charAt(0).toUpperCase() + feature.slice(1).replaceAll('_', ' ');

export function needsPlan(feature: string, plan: string): MessageDescriptor {
  if (feature === 'messaging')
    return msg`Messaging needs the ${plan} plan or higher. See /pricing.`;
  if (feature === 'recording')
    return msg`Recording needs the ${plan} plan or higher. See /pricing.`;
  if (feature === 'meetings') return msg`Meetings needs the ${plan} plan or higher. See /pricing.`;
  if (feature === 'chat') return msg`Chat needs the ${plan} plan or higher. See /pricing.`;
  if (feature === 'sharing') return msg`Sharing needs the ${plan} plan or higher. See /pricing.`;
  const name = featureLabel(feature);
  return msg`${name} needs the ${plan} plan or higher. See /pricing.`;
}

export function needsSubscription(feature: string): MessageDescriptor {
  if (feature === 'messaging') return msg`Messaging needs a subscription. See /pricing.`;
  if (feature === 'recording') return msg`Recording needs a subscription. See /pricing.`;
  if (feature === 'meetings') return msg`Meetings needs a subscription. See /pricing.`;
  if (feature === 'chat') return msg`Chat needs a subscription. See /pricing.`;
  if (feature === 'sharing') return msg`Sharing needs a subscription. See /pricing.`;
  const name = featureLabel(feature);
  return msg`${name} needs a subscription. See /pricing.`;
}

export function attendeeLimit(allowed: number, plan?: { name: string; maxAttendees: number }) {
  if (!plan) return msg`Your plan allows up to ${allowed} attendees per event. See /pricing.`;
  const name = plan.name;
  if (plan.maxAttendees === -1)
    return msg`Your plan allows up to ${allowed} attendees per event. The ${name} plan allows unlimited. See /pricing.`;
  const upTo = plan.maxAttendees;
  return msg`Your plan allows up to ${allowed} attendees per event. The ${name} plan allows ${upTo}. See /pricing.`;
}

export function campaignAllowance(
  counts: { allowance: number; pending: number; left: number },
  planName?: string,
): MessageDescriptor {
  const allowance = counts.allowance.toLocaleString('en-US');
  const recipients = counts.pending.toLocaleString('en-US');
  const left = counts.left.toLocaleString('en-US');
  if (!planName)
    return msg`Without a plan that includes messaging you can send ${allowance} campaign emails a month: this campaign has ${recipients} recipients and ${left} remain this month. See /pricing.`;
  const plan = planName;
  return msg`Without a plan that includes messaging you can send ${allowance} campaign emails a month: this campaign has ${recipients} recipients and ${left} remain this month. The ${plan} plan has no monthly limit. See /pricing.`;
}
