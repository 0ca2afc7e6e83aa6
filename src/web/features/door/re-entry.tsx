import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { errorMessage } from '../../lib/api-client';
import { putDoorSettings } from './api';
import type { DoorMode } from './verdict';

// Check-out and re-entry at the door (decision 070): the organizer allows it for the event, and
// the door then scans in one of two modes.

/** The organizer's switch (online): guests may leave and come back in. */
export function ReEntrySetting({
  eventId,
  reEntry,
  onChanged,
}: {
  eventId: string;
  reEntry: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  // The box follows the click at once; the list's own setting arrives with the next sync.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (allowReEntry: boolean) => putDoorSettings(eventId, { allowReEntry }),
    onSuccess: onChanged,
    onError: () => setWanted(null),
  });
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={wanted ?? reEntry}
          disabled={save.isPending}
          onChange={(e) => {
            setWanted(e.target.checked);
            save.mutate(e.target.checked);
          }}
        />
        <Trans>Guests may leave and come back in (re-entry)</Trans>
      </label>
      {save.isError ? (
        <Alert variant="destructive">
          {errorMessage(save.error, t`The setting could not be saved. Please try again.`)}
        </Alert>
      ) : null}
    </div>
  );
}

/** Admit or check out: what the next scan does. */
export function ModeSwitch({ mode, onMode }: { mode: DoorMode; onMode: (mode: DoorMode) => void }) {
  const { t } = useLingui();
  const id = useId();
  const choices: { value: DoorMode; label: string }[] = [
    { value: 'in', label: t`Check in` },
    { value: 'out', label: t`Check out` },
  ];
  return (
    <fieldset className="flex gap-4">
      <legend className="text-sm font-medium">
        <Trans>Scanning mode</Trans>
      </legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            className="size-4"
            checked={mode === choice.value}
            onChange={() => onMode(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
