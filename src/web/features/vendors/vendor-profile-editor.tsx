import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  VENDOR_SERVICE_TYPES,
  VENDOR_SERVICES_MAX,
  type VendorProfile,
} from '../../../contracts/vendors';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { myVendorProfileQuery, useSaveVendorProfile } from './api';
import { GalleryManager } from './gallery-manager';
import {
  draftFromProfile,
  draftToInput,
  emptyService,
  firstErrorField,
  LINK_KEYS,
  type LinkKey,
  type ProfileDraft,
  type ServiceDraft,
} from './profile-draft';
import { useServiceTypeLabel } from '../service-types';
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

/** /vendor-profile: the signed-in vendor edits their profile and gallery (spec §1, §2). */
export function VendorProfileEditor() {
  const { t } = useLingui();
  const query = useQuery(myVendorProfileQuery);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // Non-vendors never get here: the route's RoleGuard (vendor) answers them.
    return (
      <LoadFailed
        title={t`Your vendor profile could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-10">
      {!query.data.isComplete ? (
        <Alert variant="info" title={t`Complete your profile`}>
          <Trans>
            Add your business name, service type and what you offer so organizers can find and book
            you.
          </Trans>
        </Alert>
      ) : null}
      <ProfileForm profile={query.data} />
      <GalleryManager profile={query.data} />
    </div>
  );
}

function ProfileForm({ profile }: { profile: VendorProfile }) {
  const { i18n, t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const id = useId();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFromProfile(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveVendorProfile();

  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setService = (index: number, changes: Partial<ServiceDraft>) =>
    setDraft((d) => ({
      ...d,
      services: d.services.map((s, i) => (i === index ? { ...s, ...changes } : s)),
    }));

  // Services are numbered as people count (the first is 1).
  const serviceLegend = (index: number) => {
    const serviceNumber = index + 1;
    return t`Service ${serviceNumber}`;
  };
  const removeServiceLabel = (index: number) => {
    const serviceNumber = index + 1;
    return t`Remove service ${serviceNumber}`;
  };
  const linkLabel = (key: LinkKey) => {
    const label = LINK_LABEL[key];
    return typeof label === 'string' ? label : i18n._(label);
  };
  const fieldId = (name: string) => `${id}-${name.replace(/\./g, '-')}`;
  const control = (name: string, hint = false) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(fieldId(name), { hint, error: errors[name] }),
  });

  function focusFirst(found: Record<string, string>) {
    const field = firstErrorField(found, draft);
    if (field) requestAnimationFrame(() => document.getElementById(fieldId(field))?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = draftToInput(draft);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirst(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.input, {
      onSuccess: (saved) => {
        setDraft(draftFromProfile(saved));
        toast.success(t`Vendor profile saved`);
      },
      onError: (error) => {
        const found = fieldErrors(error);
        setErrors(found);
        focusFirst(found);
      },
    });
  }

  const formError =
    save.isError && Object.keys(errors).length === 0
      ? errorMessage(save.error, t`Your profile could not be saved. Please try again.`)
      : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-8"
      aria-label={t`Vendor profile`}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">
          <Trans>Business</Trans>
        </legend>
        <Field id={fieldId('businessName')} label={t`Business name`} error={errors.businessName}>
          <Input
            {...control('businessName')}
            value={draft.businessName}
            onChange={(e) => set('businessName', e.target.value)}
            autoComplete="organization"
            required
          />
        </Field>
        <Field id={fieldId('category')} label={t`Service type`} error={errors.category}>
          <Select
            {...control('category')}
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
            required
          >
            <option value="">{t`Choose a service type`}</option>
            {VENDOR_SERVICE_TYPES.map((name) => (
              <option key={name} value={name}>
                {serviceTypeLabel(name)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={fieldId('description')}
          label={t`Description`}
          hint={t`What you do, your style and experience.`}
          error={errors.description}
        >
          <textarea
            {...control('description', true)}
            rows={5}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            className={textareaClass}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={fieldId('serviceArea')}
            label={t`Service area`}
            hint={t`Where you work, e.g. Atlanta metro.`}
            error={errors.serviceArea}
          >
            <Input
              {...control('serviceArea', true)}
              value={draft.serviceArea}
              onChange={(e) => set('serviceArea', e.target.value)}
            />
          </Field>
          <Field
            id={fieldId('availability')}
            label={t`Availability`}
            hint={t`e.g. Weekends, Friday and Saturday evenings.`}
            error={errors.availability}
          >
            <Input
              {...control('availability', true)}
              value={draft.availability}
              onChange={(e) => set('availability', e.target.value)}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">
          <Trans>Services and prices</Trans>
        </legend>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Prices in US dollars. Leave both blank to ask organizers to request a quote.
          </Trans>
        </p>
        {draft.services.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-4 text-center text-muted-foreground">
            <Trans>No services yet.</Trans>
          </p>
        ) : null}
        <ol className="flex flex-col gap-4">
          {draft.services.map((service, i) => (
            <li key={service.key} className="rounded-lg border border-border p-4">
              <fieldset className="flex flex-col gap-3">
                <legend className="font-semibold">{serviceLegend(i)}</legend>
                <Field
                  id={fieldId(`services.${i}.name`)}
                  label={t`Name`}
                  error={errors[`services.${i}.name`]}
                >
                  <Input
                    {...control(`services.${i}.name`)}
                    value={service.name}
                    onChange={(e) => setService(i, { name: e.target.value })}
                  />
                </Field>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    id={fieldId(`services.${i}.priceMinCents`)}
                    label={t`Price from ($)`}
                    error={errors[`services.${i}.priceMinCents`]}
                  >
                    <Input
                      {...control(`services.${i}.priceMinCents`)}
                      inputMode="decimal"
                      value={service.priceMin}
                      onChange={(e) => setService(i, { priceMin: e.target.value })}
                    />
                  </Field>
                  <Field
                    id={fieldId(`services.${i}.priceMaxCents`)}
                    label={t`Price to ($)`}
                    error={errors[`services.${i}.priceMaxCents`]}
                  >
                    <Input
                      {...control(`services.${i}.priceMaxCents`)}
                      inputMode="decimal"
                      value={service.priceMax}
                      onChange={(e) => setService(i, { priceMax: e.target.value })}
                    />
                  </Field>
                </div>
                <Field
                  id={fieldId(`services.${i}.description`)}
                  label={t`Details`}
                  error={errors[`services.${i}.description`]}
                >
                  <textarea
                    {...control(`services.${i}.description`)}
                    rows={2}
                    value={service.description}
                    onChange={(e) => setService(i, { description: e.target.value })}
                    className={textareaClass}
                  />
                </Field>
                <div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      setDraft((d) => ({ ...d, services: d.services.filter((_, j) => j !== i) }))
                    }
                  >
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
            disabled={draft.services.length >= VENDOR_SERVICES_MAX}
            onClick={() => {
              setDraft((d) => ({ ...d, services: [...d.services, emptyService()] }));
              const next = draft.services.length;
              requestAnimationFrame(() =>
                document.getElementById(fieldId(`services.${next}.name`))?.focus(),
              );
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Add a service</Trans>
          </Button>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">
          <Trans>Links</Trans>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {LINK_KEYS.map((key) => (
            <Field
              key={key}
              id={fieldId(`links.${key}`)}
              label={linkLabel(key)}
              error={errors[`links.${key}`]}
            >
              <Input
                {...control(`links.${key}`)}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={draft.links[key]}
                onChange={(e) => set('links', { ...draft.links, [key]: e.target.value })}
              />
            </Field>
          ))}
        </div>
      </fieldset>

      {Object.keys(errors).length ? (
        <Alert variant="destructive">
          <Trans>Please fix the fields marked above.</Trans>
        </Alert>
      ) : null}
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : t`Save profile`}
        </Button>
        <Link to={vendorPaths.vendor(profile.id)} className={buttonClasses({ variant: 'outline' })}>
          <Trans>View public page</Trans>
        </Link>
      </div>
    </form>
  );
}
