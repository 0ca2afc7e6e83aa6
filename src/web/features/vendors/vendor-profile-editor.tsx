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
import { vendorPaths } from './vendor-paths';

const LINK_LABEL: Record<LinkKey, string> = {
  website: 'Website',
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
  const query = useQuery(myVendorProfileQuery);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // Non-vendors never get here: the route's RoleGuard (vendor) answers them.
    return (
      <LoadFailed
        title="Your vendor profile could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-10">
      {!query.data.isComplete ? (
        <Alert variant="info" title="Complete your profile">
          Add your business name, service type and what you offer so organizers can find and book
          you.
        </Alert>
      ) : null}
      <ProfileForm profile={query.data} />
      <GalleryManager profile={query.data} />
    </div>
  );
}

function ProfileForm({ profile }: { profile: VendorProfile }) {
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
        toast.success('Vendor profile saved');
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
      ? errorMessage(save.error, 'Your profile could not be saved. Please try again.')
      : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-8" aria-label="Vendor profile">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">Business</legend>
        <Field id={fieldId('businessName')} label="Business name" error={errors.businessName}>
          <Input
            {...control('businessName')}
            value={draft.businessName}
            onChange={(e) => set('businessName', e.target.value)}
            autoComplete="organization"
            required
          />
        </Field>
        <Field id={fieldId('category')} label="Service type" error={errors.category}>
          <Select
            {...control('category')}
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
            required
          >
            <option value="">Choose a service type</option>
            {VENDOR_SERVICE_TYPES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={fieldId('description')}
          label="Description"
          hint="What you do, your style and experience."
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
            label="Service area"
            hint="Where you work, e.g. Atlanta metro."
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
            label="Availability"
            hint="e.g. Weekends, Friday and Saturday evenings."
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
        <legend className="mb-2 text-xl font-bold">Services and prices</legend>
        <p className="text-sm text-muted-foreground">
          Prices in US dollars. Leave both blank to ask organizers to request a quote.
        </p>
        {draft.services.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-4 text-center text-muted-foreground">
            No services yet.
          </p>
        ) : null}
        <ol className="flex flex-col gap-4">
          {draft.services.map((service, i) => (
            <li key={service.key} className="rounded-lg border border-border p-4">
              <fieldset className="flex flex-col gap-3">
                <legend className="font-semibold">Service {i + 1}</legend>
                <Field
                  id={fieldId(`services.${i}.name`)}
                  label="Name"
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
                    label="Price from ($)"
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
                    label="Price to ($)"
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
                  label="Details"
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
                    Remove service {i + 1}
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
            Add a service
          </Button>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">Links</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {LINK_KEYS.map((key) => (
            <Field
              key={key}
              id={fieldId(`links.${key}`)}
              label={LINK_LABEL[key]}
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
        <Alert variant="destructive">Please fix the fields marked above.</Alert>
      ) : null}
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
        <Link to={vendorPaths.vendor(profile.id)} className={buttonClasses({ variant: 'outline' })}>
          View public page
        </Link>
      </div>
    </form>
  );
}
