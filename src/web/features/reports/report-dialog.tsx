import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useController, useForm, useFormContext } from 'react-hook-form';
import {
  CreateReportSchema,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type CreateReport,
  type ReportTarget,
} from '../../../contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { useContractText } from '../../i18n/contract-text';
import { apiPost, errorMessage, fieldErrors } from '../../lib/api-client';

interface ReportValues {
  reason: string;
  details: string;
}
const REPORT_FIELDS = ['reason', 'details'] as const;
const EMPTY_REPORT: ReportValues = { reason: '', details: '' };

/** The reasons as radio buttons: one field, focused as a group when the submit finds it empty. */
function ReasonField() {
  const say = useContractText();
  const { control } = useFormContext<ReportValues>();
  const { field, fieldState } = useController({ name: 'reason', control });
  const id = `${useId()}-reason`;
  const error = fieldState.error?.message;
  return (
    <fieldset
      ref={field.ref}
      tabIndex={-1}
      className="flex flex-col gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">
        <Trans>Why are you reporting it?</Trans>
      </legend>
      {REPORT_REASONS.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={id}
            value={value}
            checked={field.value === value}
            onChange={() => field.onChange(value)}
          />
          {say(REPORT_REASON_LABELS[value])}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {say(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

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
  const send = useMutation({
    mutationFn: (body: CreateReport) => apiPost('/api/reports', body),
  });
  // The body as before: the details as typed (the server trims).
  const toBody = (values: ReportValues): CreateReport => ({
    targetType,
    targetId,
    reason: values.reason as CreateReport['reason'],
    details: values.details,
  });
  const form = useForm<ReportValues>({
    defaultValues: EMPTY_REPORT,
    resolver: contractResolver<ReportValues>(CreateReportSchema, toBody, REPORT_FIELDS),
  });
  const failure = form.formState.errors.root?.message;

  const submit = (values: ReportValues) =>
    send.mutate(toBody(values), {
      onError: (error) => {
        if (!setServerErrors(form, fieldErrors(error), REPORT_FIELDS))
          form.setError('root', { message: errorMessage(error, t`Could not send the report`) });
      },
    });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next && send.isSuccess) {
      send.reset();
      form.reset(EMPTY_REPORT);
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
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <ReasonField />
          <FormField<ReportValues>
            name="details"
            label={t`Details (optional)`}
            hint={t`What should the moderator know?`}
            formatError={say}
          >
            {(control) => (
              <textarea
                {...control}
                className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm"
                maxLength={1000}
              />
            )}
          </FormField>
          {failure ? <Alert variant="destructive" title={failure} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t`Sending…` : t`Send report`}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
