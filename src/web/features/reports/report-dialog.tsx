import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type CreateReport,
  type ReportReason,
  type ReportTarget,
} from '../../../contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { describedBy, Field } from '../../components/ui/field';
import { useContractText } from '../../i18n/contract-text';
import { apiPost, errorMessage, fieldErrors } from '../../lib/api-client';

/** The report form: a reason from the fixed list and optional details, sent to the moderators. */
export function ReportDialog({
  open,
  onOpenChange,
  targetType,
  targetId,
  what,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTarget;
  targetId: string;
  what: string;
}) {
  const { t } = useLingui();
  const say = useContractText();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const send = useMutation({
    mutationFn: (body: CreateReport) => apiPost('/api/reports', body),
  });
  const errors = send.error ? fieldErrors(send.error) : {};
  const reasonError = missingReason ? t`Choose a reason` : errors.reason;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setMissingReason(true);
    send.mutate({ targetType, targetId, reason, details });
  };

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next && send.isSuccess) {
      send.reset();
      setReason('');
      setDetails('');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t`Report ${what}`}
      description={t`Moderators review every report. The person you report is not told who sent it.`}
    >
      {send.isSuccess ? (
        <>
          <Alert variant="success" title={t`Thanks, your report was sent`}>
            <Trans>A moderator will look at it.</Trans>
          </Alert>
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>
              <Trans>Close</Trans>
            </Button>
          </div>
        </>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            aria-invalid={reasonError ? true : undefined}
          >
            <legend className="mb-1 text-sm font-medium">
              <Trans>Why are you reporting it?</Trans>
            </legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setMissingReason(false);
                  }}
                />
                {say(REPORT_REASON_LABELS[value])}
              </label>
            ))}
            {reasonError ? (
              <p id={`${id}-reason-error`} className="text-sm font-medium text-destructive">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <Field
            id={`${id}-details`}
            label={t`Details (optional)`}
            hint={t`What should the moderator know?`}
            error={errors.details}
          >
            <textarea
              id={`${id}-details`}
              className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm"
              maxLength={1000}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              aria-describedby={describedBy(`${id}-details`, { hint: true, error: errors.details })}
            />
          </Field>
          {send.error && !errors.reason && !errors.details ? (
            <Alert
              variant="destructive"
              title={errorMessage(send.error, t`Could not send the report`)}
            />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t`Sending…` : t`Send report`}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
