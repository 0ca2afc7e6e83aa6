import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { ReportButton } from '../reports';
import { blockPerson } from '../messaging';

/**
 * Trust and safety on a ride page: report the ride or a person to the moderators'
 * queue, and block a person (messaging's block: no messages, and no booking between the two).
 */
export function BlockPersonButton({ person }: { person: { id: string; name: string } }) {
  const [confirming, setConfirming] = useState(false);
  const block = useMutation({ mutationFn: () => blockPerson(person.id) });
  const { t } = useLingui();
  const name = person.name;
  if (block.isSuccess)
    return (
      <p role="status" className="text-sm">
        <Trans>You blocked {name}. They cannot message you or share a ride with you.</Trans>
      </p>
    );
  if (!confirming)
    return (
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" className="size-4" />
        <Trans>Block {name}</Trans>
      </Button>
    );
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <Trans>
          Block {name}? They will not be able to message you or book seats with you. You can unblock
          them from your messages.
        </Trans>
      </p>
      {block.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(block.error, t`Please try again.`)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="destructive"
          disabled={block.isPending}
          onClick={() => block.mutate()}
        >
          <Trans>Yes, block</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}

export function RideSafety({
  rideId,
  driver,
}: {
  rideId: string;
  driver: { id: string; name: string };
}) {
  const { t } = useLingui();
  return (
    <ul className="flex flex-col gap-2 text-sm">
      <li className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <Trans>This ride</Trans>
        </span>
        <ReportButton
          targetType="ride"
          targetId={rideId}
          authorId={driver.id}
          what={t`this ride`}
        />
      </li>
      <li className="flex flex-wrap items-center justify-between gap-2">
        <span>{driver.name}</span>
        <ReportButton
          targetType="user"
          targetId={driver.id}
          authorId={driver.id}
          what={driver.name}
        />
      </li>
      <li>
        <BlockPersonButton person={driver} />
      </li>
    </ul>
  );
}
