import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SiteSettingsSchema, type SiteSettings } from '../../../contracts/admin';
import { CURRENCIES } from '../../../contracts/tickets';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSaveSettings } from './api';

/** The settings as typed: the platform fee in percent, the rest as stored. */
export type SettingsValues = Omit<SiteSettings, 'platformFeeBps'> & { platformFee: string };

const FIELDS = [
  'siteName',
  'contactEmail',
  'contactPhone',
  'defaultCurrency',
  'platformFee',
  'registrationOpen',
  'vendorApplicationsOpen',
  'maintenanceBanner',
] as const;
const RENAME = { platformFeeBps: 'platformFee' } as const;

export const settingsToValues = ({ platformFeeBps, ...rest }: SiteSettings): SettingsValues => ({
  ...rest,
  platformFee: String(platformFeeBps / 100),
});

export function valuesToSettings({ platformFee, ...rest }: SettingsValues): SiteSettings {
  // An empty or unreadable fee is NaN, which the contract refuses with its own text.
  const percent = platformFee.trim() ? Number(platformFee) : Number.NaN;
  return { ...rest, platformFeeBps: Math.round(percent * 100) };
}

const resolver = contractResolver<SettingsValues>(
  SiteSettingsSchema,
  valuesToSettings,
  FIELDS,
  RENAME,
);

/** The site settings; "Settings saved" stays until the next change. */
export function SettingsForm({ initial }: { initial: SiteSettings }) {
  const { t } = useLingui();
  const form = useForm<SettingsValues>({ defaultValues: settingsToValues(initial), resolver });
  const save = useSaveSettings();
  useEffect(() => form.reset(settingsToValues(initial)), [form, initial]);
  const saved = save.isSuccess && !form.formState.isDirty;
  const problem = form.formState.errors.root?.message;

  async function submit(values: SettingsValues) {
    try {
      const settings = await save.mutateAsync(SiteSettingsSchema.parse(valuesToSettings(values)));
      form.reset(settingsToValues(settings));
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), RENAME), FIELDS))
        form.setError('root', { message: errorMessage(error, t`Could not save`) });
    }
  }

  const text = (name: (typeof FIELDS)[number], label: string, type = 'text') => (
    <FormField<SettingsValues> name={name} label={label}>
      {(control) => <Input {...control} type={type} />}
    </FormField>
  );
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      {problem ? <Alert variant="destructive" title={problem} /> : null}
      {saved ? <Alert variant="success" title={t`Settings saved`} /> : null}
      {text('siteName', t`Site name`)}
      {text('contactEmail', t`Contact email (footer)`, 'email')}
      {text('contactPhone', t`Contact phone (footer)`, 'tel')}
      <FormField<SettingsValues> name="defaultCurrency" label={t`Default currency`}>
        {(control) => (
          <Select {...control}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<SettingsValues>
        name="platformFee"
        label={t`Platform fee (%)`}
        hint={t`Taken from ticket sales, up to 50%.`}
      >
        {(control) => <Input {...control} inputMode="decimal" />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('registrationOpen')} />
        <Trans>Registration open</Trans>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('vendorApplicationsOpen')} />
        <Trans>Vendor applications open</Trans>
      </label>
      {text('maintenanceBanner', t`Maintenance banner (empty: none)`)}
      <div>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save settings</Trans>
        </Button>
      </div>
    </Form>
  );
}
