import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { actionLabel } from './activity-labels';

describe('the activity log names what a member did', () => {
  it('says a known action in words', () => {
    expect(actionLabel(i18n, 'list.create')).toBe('Created an email list');
    expect(actionLabel(i18n, 'campaign.send')).toBe('Sent an email campaign');
  });

  it('shows the key of an action that has no label yet', () => {
    expect(actionLabel(i18n, 'something.new')).toBe('something.new');
  });
});
