import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toNestErrors } from '@hookform/resolvers';
import { Plus, Trash2 } from 'lucide-react';
import {
  useFieldArray,
  useForm,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  VENDOR_SERVICE_TYPES,
  VENDOR_SERVICES_MAX,
  type VendorProfile,
} from '../../../contracts/vendors';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Form, FormField } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useServiceTypeLabel } from '../service-types';
import { useSaveVendorProfile } from './api';
import {
  draftFromProfile,
  draftToInput,
  emptyService,
  firstErrorField,
  LINK_KEYS,
  type LinkKey,
  type ProfileDraft,
} from './profile-draft';
import { vendorPaths } from './vendor-paths';

// Brand names stay as they are; only "Website" is a word to translate.
const LINK_LABEL: Record<LinkKey, MessageDescriptor | string> = {
  website: msg`Website`,
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X (Twitter)',
};

const textareaClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive';

/**
 * The form's field for a problem as the contract names it (`services.0.priceMaxCents` is the
 * typed `services.0.priceMax`); the other names are the form's own.
 */
const formPath = (path: string) => path.replace(/\.(priceMin|priceMax)Cents$/, '.$1') as Path;
type Path = FieldPath<ProfileDraft>;

/** `draftToInput`'s checks (the contract's schema, in the page's language) as the resolver. */
const resolver: Resolver<ProfileDraft> = (values, _context, options) => {
  const result = draftToInput(values);
  if (result.ok) return { values, errors: {} };
  const flat: Record<string, { type: string; message: string }> = {};
  for (const [path, message] of Object.entries(result.errors))
    flat[formPath(path)] = { type: 'validate', message };
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** Focuses the first problem (contract names) in the order the form shows them. */
function focusFirst(form: UseFormReturn<ProfileDraft>, errors: Record<string, string>) {
  const first = firstErrorField(errors, form.getValues());
  if (first) form.setFocus(formPath(first));
}

/** The vendor's profile: business, services with prices (a field array) and links. */
export function ProfileForm({ profile }: { profile: VendorProfile }) {
  const { t } = useLingui();
  // Focus follows the form's reading order (firstErrorField), not the order fields registered.
  const form = useForm<ProfileDraft>({
    defaultValues: draftFromProfile(profile),
    resolver,
    shouldFocusError: false,
  });
  const save = useSaveVendorProfile();
  const { errors } = form.formState;
  const marked = Object.keys(errors).some((name) => name !== 'root');
  const failure = errors.root?.message;

  async function submit(values: ProfileDraft) {
    const result = draftToInput(values);
    if (!result.ok) return;
    try {
      const saved = await save.mutateAsync(result.input);
      form.reset(draftFromProfile(saved));
      toast.success(t`Vendor profile saved`);
    } catch (error) {
      const found = fieldErrors(error);
      for (const [path, message] of Object.entries(found))
        form.setError(formPath(path), { type: 'server', message });
      if (Object.keys(found).length) focusFirst(form, found);
      else
        form.setError('root', {
          message: errorMessage(error, t`Your profile could not be saved. Please try again.`),
        });
    }
  }

  function invalid() {
    const result = draftToInput(form.getValues());
    if (!result.ok) focusFirst(form, result.errors);
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      onInvalid={invalid}
      className="flex flex-col gap-8"
      aria-label={t`Vendor profile`}
    >
      <BusinessFields />
      <ServiceFields form={form} />
      <LinkFields />
      {marked ? (
        <Alert variant="destructive">
          <Trans>Please fix the fields marked above.</Trans>
        </Alert>
      ) : null}
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : t`Save profile`}
        </Button>
        <Link to={vendorPaths.vendor(profile.id)} className={buttonClasses({ variant: 'outline' })}>
          <Trans>View public page</Trans>
        </Link>
      </div>
    </Form>
  );
}

function BusinessFields() {
  const { t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-xl font-bold">
        <Trans>Business</Trans>
      </legend>
      <FormField<ProfileDraft> name="businessName" label={t`Business name`}>
        {(control) => <Input {...control} autoComplete="organization" required />}
      </FormField>
      <FormField<ProfileDraft> name="category" label={t`Service type`}>
        {(control) => (
          <Select {...control} required>
            <option value="">{t`Choose a service type`}</option>
            {VENDOR_SERVICE_TYPES.map((name) => (
              <option key={name} value={name}>
                {serviceTypeLabel(name)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<ProfileDraft>
        name="description"
        label={t`Description`}
        hint={t`What you do, your style and experience.`}
      >
        {(control) => <textarea {...control} rows={5} className={textareaClass} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<ProfileDraft>
          name="serviceArea"
          label={t`Service area`}
          hint={t`Where you work, e.g. Atlanta metro.`}
        >
          {(control) => <Input {...control} />}
        </FormField>
        <FormField<ProfileDraft>
          name="availability"
          label={t`Availability`}
          hint={t`e.g. Weekends, Friday and Saturday evenings.`}
        >
          {(control) => <Input {...control} />}
        </FormField>
      </div>
    </fieldset>
  );
}

function ServiceFields({ form }: { form: UseFormReturn<ProfileDraft> }) {
  const { t } = useLingui();
  const services = useFieldArray({ control: form.control, name: 'services' });
  // Services are numbered as people count (the first is 1).
  const serviceLegend = (index: number) => {
    const serviceNumber = index + 1;
    return t`Service ${serviceNumber}`;
  };
  const removeServiceLabel = (index: number) => {
    const serviceNumber = index + 1;
    return t`Remove service ${serviceNumber}`;
  };
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-xl font-bold">
        <Trans>Services and prices</Trans>
      </legend>
      <p className="text-sm text-muted-foreground">
        <Trans>Prices in US dollars. Leave both blank to ask organizers to request a quote.</Trans>
      </p>
      {services.fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-center text-muted-foreground">
          <Trans>No services yet.</Trans>
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {services.fields.map((service, i) => (
          <li key={service.id} className="rounded-lg border border-border p-4">
            <fieldset className="flex flex-col gap-3">
              <legend className="font-semibold">{serviceLegend(i)}</legend>
              <FormField<ProfileDraft> name={`services.${i}.name`} label={t`Name`}>
                {(control) => <Input {...control} />}
              </FormField>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField<ProfileDraft> name={`services.${i}.priceMin`} label={t`Price from ($)`}>
                  {(control) => <Input {...control} inputMode="decimal" />}
                </FormField>
                <FormField<ProfileDraft> name={`services.${i}.priceMax`} label={t`Price to ($)`}>
                  {(control) => <Input {...control} inputMode="decimal" />}
                </FormField>
              </div>
              <FormField<ProfileDraft> name={`services.${i}.description`} label={t`Details`}>
                {(control) => <textarea {...control} rows={2} className={textareaClass} />}
              </FormField>
              <div>
                <Button size="sm" variant="outline" onClick={() => services.remove(i)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  {removeServiceLabel(i)}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="outline"
          disabled={services.fields.length >= VENDOR_SERVICES_MAX}
          onClick={() =>
            services.append(emptyService(), {
              focusName: `services.${services.fields.length}.name`,
            })
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add a service</Trans>
        </Button>
      </div>
    </fieldset>
  );
}

function LinkFields() {
  const { i18n } = useLingui();
  const linkLabel = (key: LinkKey) => {
    const label = LINK_LABEL[key];
    return typeof label === 'string' ? label : i18n._(label);
  };
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-xl font-bold">
        <Trans>Links</Trans>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {LINK_KEYS.map((key) => (
          <FormField<ProfileDraft> key={key} name={`links.${key}`} label={linkLabel(key)}>
            {(control) => <Input {...control} type="url" inputMode="url" placeholder="https://" />}
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
