import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { API_SCOPES, CreateApiKeyInputSchema, type ApiScope } from '../../../contracts/developer';
import { FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { fieldErrors } from '../../lib/api-client';
import { useCreateApiKey } from './api';
import { CodeChoices, CreateForm } from './create-form';

const SCOPE_LABELS: Record<ApiScope, MessageDescriptor> = {
  'events:read': msg`Read your events`,
  'events:write': msg`Create and change your events`,
  'orders:read': msg`Read orders of your events`,
  'attendees:read': msg`Read attendees of your events`,
  'vendors:read': msg`Read vendors of your events`,
  'checkins:write': msg`Check tickets in at your events`,
  'waitlist:read': msg`Read waiting lists of your events`,
  'waitlist:write': msg`Add to, offer and remove from waiting lists of your events`,
  'exports:read': msg`Export data of your events`,
};

// The contract's checks, with the expiry as the select holds it (days, or "never").
const KeyFormSchema = CreateApiKeyInputSchema.extend({
  expiresInDays: z.enum(['30', '90', '365', 'never']),
});
type KeyValues = z.input<typeof KeyFormSchema>;
type KeyInput = z.output<typeof KeyFormSchema>;

/** A new API key: its name, permissions and how long it lasts; the secret is shown once. */
export function CreateKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateApiKey();
  const form = useForm<KeyValues, unknown, KeyInput>({
    resolver: zodResolver(KeyFormSchema),
    defaultValues: { name: '', scopes: ['events:read'], expiresInDays: '90' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  function submit({ expiresInDays, ...input }: KeyInput) {
    create.mutate(
      {
        ...input,
        expiresInDays: expiresInDays === 'never' ? null : (Number(expiresInDays) as 30),
      },
      {
        onSuccess: (created) => {
          form.setValue('name', '');
          onCreated(created.secret);
        },
        onError: (e) => setServerErrors(form, fieldErrors(e), ['name', 'scopes']),
      },
    );
  }
  return (
    <CreateForm
      form={form}
      onSubmit={submit}
      heading={
        <h2 className="text-lg font-semibold">
          <Trans>Create a key</Trans>
        </h2>
      }
      mutation={create}
      refusedText={t`The key could not be created.`}
      submitLabel={t`Create key`}
      pendingLabel={t`Creating…`}
    >
      <FormField<KeyValues>
        name="name"
        label={t`Name`}
        hint={t`Where the key is used, e.g. “Door app”.`}
      >
        {(control) => <Input {...control} maxLength={80} />}
      </FormField>
      <CodeChoices<ApiScope, KeyValues>
        name="scopes"
        legend={t`Permissions`}
        options={API_SCOPES}
        labelOf={(scope) => i18n._(SCOPE_LABELS[scope])}
      />
      <FormField<KeyValues> name="expiresInDays" label={t`Expires`}>
        {(control) => (
          <Select {...control}>
            <option value="30">{t`In 30 days`}</option>
            <option value="90">{t`In 90 days`}</option>
            <option value="365">{t`In a year`}</option>
            <option value="never">{t`Never`}</option>
          </Select>
        )}
      </FormField>
    </CreateForm>
  );
}
