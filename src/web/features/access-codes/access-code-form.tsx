import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LockOpen } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AccessCodeProblem } from '../../../contracts/access-codes';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

const PROBLEMS: Record<AccessCodeProblem, MessageDescriptor> = {
  inactive: msg`This access code is not valid.`,
  expired: msg`This access code has expired.`,
  used_up: msg`This access code has been used up.`,
};

/**
 * "Have an access code?": the buyer types a code (or it arrives in the page's link) to see the
 * hidden ticket types it reveals. The page queries the types with the applied code.
 */
export function AccessCodeForm({
  appliedCode,
  onApply,
  isFetching,
  unlockedCount,
  problem,
}: {
  appliedCode: string | null;
  onApply: (code: string | null) => void;
  isFetching: boolean;
  /** How many hidden types the applied code revealed. */
  unlockedCount: number;
  /** Why a code of this event reveals nothing now (expired, used up, off). */
  problem?: AccessCodeProblem | null;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [code, setCode] = useState(appliedCode ?? '');
  const missed = appliedCode !== null && !isFetching && unlockedCount === 0;

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(code.trim() || null);
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-lg border border-border p-4"
      noValidate
    >
      <label htmlFor={`${id}-code`} className="text-sm font-medium">
        <Trans>Have an access code? Enter it to see hidden tickets.</Trans>
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-code`}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-describedby={missed ? `${id}-code-error` : undefined}
          aria-invalid={missed}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={isFetching}>
          <LockOpen aria-hidden="true" className="size-4" />
          <Trans>Unlock</Trans>
        </Button>
      </div>
      {missed ? (
        <p id={`${id}-code-error`} role="alert" className="text-sm font-medium text-destructive">
          {problem ? (
            i18n._(PROBLEMS[problem])
          ) : (
            <Trans>This code does not unlock any tickets.</Trans>
          )}
        </p>
      ) : appliedCode && unlockedCount > 0 ? (
        <p role="status" className="text-sm text-success">
          <Trans>Hidden tickets unlocked.</Trans>
        </p>
      ) : null}
    </form>
  );
}
