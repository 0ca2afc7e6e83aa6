import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  TEAM_ROLES,
  TeamInviteInputSchema,
  type Team,
  type TeamInviteInput,
} from '../../../contracts/teams';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  CheckboxGroupField,
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useInvite } from './api';
import { ROLE_LABELS } from './role-labels';

const FIELDS = ['email', 'role', 'eventIds'] as const;
// The body as before: the email as typed (the server checks it), no events when all are chosen.
const inviteInput = (values: TeamInviteInput): TeamInviteInput => ({
  ...values,
  eventIds: values.allEvents ? [] : values.eventIds,
});

/** The owner invites someone by email to a role, for all their events or the chosen ones. */
export function InviteForm({ team }: { team: Team }) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const invite = useInvite();
  const form = useForm<TeamInviteInput>({
    defaultValues: { email: '', role: 'check_in', allEvents: true, eventIds: [] },
    resolver: contractResolver<TeamInviteInput>(TeamInviteInputSchema, inviteInput, FIELDS),
  });
  const [sent, setSent] = useState(false);
  const allEvents = form.watch('allEvents');
  const failure = form.formState.errors.root?.message;
  async function submit(values: TeamInviteInput) {
    setSent(false);
    try {
      await invite.mutateAsync(inviteInput(values));
      setSent(true);
      form.setValue('email', '');
    } catch (error) {
      // `eventIds.0` is a problem of the events group.
      const fields = renameFields(fieldErrors(error), {});
      if (!setServerErrors(form, fields, FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The invitation could not be sent.`),
        });
    }
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-3"
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title" className="text-lg font-semibold">
        <Trans>Invite someone</Trans>
      </h2>
      <FormField<TeamInviteInput> name="email" label={t`Email`} formatError={say}>
        {(control) => <Input {...control} type="email" />}
      </FormField>
      <FormField<TeamInviteInput> name="role" label={t`Role`} formatError={say}>
        {(control) => (
          <Select {...control}>
            {TEAM_ROLES.map((r) => (
              <option key={r} value={r}>
                {i18n._(ROLE_LABELS[r])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <CheckboxGroupField<TeamInviteInput>
        name="eventIds"
        legend={t`Events`}
        choices={allEvents ? [] : team.events.map((e) => ({ value: e.id, label: e.title }))}
        formatError={say}
      >
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('allEvents')} />
          <Trans>All my events</Trans>
        </label>
      </CheckboxGroupField>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      {sent ? (
        <p role="status">
          <Trans>Invitation sent.</Trans>
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          <Trans>Send invitation</Trans>
        </Button>
      </div>
    </Form>
  );
}
