import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NOTIFICATION_GROUP_NAMES } from '../../../contracts/notification-types';
import type {
  ChannelSettings,
  NotificationGroup,
  NotificationSettings,
} from '../../../contracts/notifications';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { notificationSettingsQuery, useSaveNotificationSettings } from './api';
import { timeZoneList } from './quiet-hours';
import { fromDraft, toDraft, type SettingsDraft } from './settings-draft';
import { GROUP_LABELS } from './texts';

const CHANNELS: { key: keyof ChannelSettings; label: MessageDescriptor }[] = [
  { key: 'inApp', label: msg`In-app` },
  { key: 'email', label: msg`Email` },
  { key: 'push', label: msg`Push` },
];

const CHECKBOX = 'size-4 shrink-0 accent-primary';
const SECTION = 'flex flex-col gap-4 rounded-lg border border-border p-4 md:p-6';

function GroupRow({
  group,
  channels,
  onChange,
}: {
  group: NotificationGroup;
  channels: ChannelSettings;
  onChange: (channels: ChannelSettings) => void;
}) {
  const labelId = `${useId()}-label`;
  const { i18n } = useLingui();
  return (
    // A group, not a fieldset: a legend cannot sit beside its boxes in a flex row.
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
    >
      <p id={labelId} className="text-sm font-medium">
        {i18n._(GROUP_LABELS[group])}
      </p>
      <div className="flex shrink-0 flex-wrap gap-x-5 gap-y-2">
        {CHANNELS.map(({ key, label }) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className={CHECKBOX}
              checked={channels[key]}
              onChange={(e) => onChange({ ...channels, [key]: e.target.checked })}
            />
            {i18n._(label)}
          </label>
        ))}
      </div>
    </div>
  );
}

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const id = useId();
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(initial));
  const [quietError, setQuietError] = useState<string | undefined>();
  const zones = useMemo(() => timeZoneList(draft.timeZone), [draft.timeZone]);
  const set = (patch: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const { t } = useLingui();

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = fromDraft(draft);
    if (!result.ok) {
      setQuietError(result.errors.quietHours);
      return;
    }
    setQuietError(undefined);
    save.mutate(result.settings, {
      onSuccess: () => toast.success(t`Notification settings saved`),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-channels`} className={SECTION}>
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-channels`} className="text-lg font-semibold">
            <Trans>What reaches you, and how</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              In-app notifications appear in the list and as live alerts; e-mails go to your account
              address; push notifications reach this device even when the site is closed.
            </Trans>
          </p>
        </div>
        <div>
          {NOTIFICATION_GROUP_NAMES.map((group) => (
            <GroupRow
              key={group}
              group={group}
              channels={draft.groups[group]}
              onChange={(channels) => set({ groups: { ...draft.groups, [group]: channels } })}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby={`${id}-quiet`} className={SECTION}>
        <h2 id={`${id}-quiet`} className="text-lg font-semibold">
          <Trans>Quiet hours</Trans>
        </h2>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className={`${CHECKBOX} mt-0.5`}
            checked={draft.hasQuietHours}
            onChange={(e) => set({ hasQuietHours: e.target.checked })}
          />
          <Trans>
            Hold back push notifications during quiet hours (they still arrive in the app)
          </Trans>
        </label>
        {draft.hasQuietHours ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id={`${id}-start`} label={t`From`} error={quietError}>
              <Input
                id={`${id}-start`}
                type="time"
                value={draft.quietStart}
                aria-invalid={Boolean(quietError && !draft.quietStart)}
                aria-describedby={describedBy(`${id}-start`, { error: quietError })}
                onChange={(e) => set({ quietStart: e.target.value })}
              />
            </Field>
            <Field id={`${id}-end`} label={t`Until`}>
              <Input
                id={`${id}-end`}
                type="time"
                value={draft.quietEnd}
                aria-invalid={Boolean(quietError && !draft.quietEnd)}
                onChange={(e) => set({ quietEnd: e.target.value })}
              />
            </Field>
            <Field id={`${id}-zone`} label={t`Time zone`}>
              <Select
                id={`${id}-zone`}
                value={draft.timeZone}
                onChange={(e) => set({ timeZone: e.target.value })}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-sound`} className={SECTION}>
        <h2 id={`${id}-sound`} className="text-lg font-semibold">
          <Trans>Sound</Trans>
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={draft.sound}
            onChange={(e) => set({ sound: e.target.checked })}
          />
          <Trans>Play a sound when a notification arrives</Trans>
        </label>
      </section>

      {save.isError ? (
        <Alert variant="destructive" title={t`Settings were not saved`}>
          {errorMessage(save.error, t`Please try again.`)}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="max-sm:w-full">
          {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save settings</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** spec §2 notification-settings: channels per group, quiet hours and sound. */
export function NotificationSettingsForm() {
  const query = useQuery(notificationSettingsQuery);
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading notification settings`} />;
  if (query.isError) {
    return (
      <LoadFailed
        title={t`Notification settings could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  // A saved (or refetched) version starts the form over from what the server holds.
  return <SettingsForm key={query.dataUpdatedAt} initial={query.data} />;
}
