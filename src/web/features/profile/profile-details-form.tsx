import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Profile } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useUpdateProfile } from './api';
import { CATEGORY_LABELS, categoryOptions } from './category-options';

type Name = 'fullName' | 'phone' | 'businessName' | 'category';

/** spec §3 profile fields a person edits: full name, phone, business name and category. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const id = useId();
  const [values, setValues] = useState<Record<Name, string>>({
    fullName: profile.fullName,
    phone: profile.phone ?? '',
    businessName: profile.businessName ?? '',
    category: profile.category ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const update = useUpdateProfile();
  const { i18n, t } = useLingui();

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    update.reset();
    if (!values.fullName.trim()) {
      setErrors({ fullName: t`Please enter your full name` });
      return;
    }
    setErrors({});
    update.mutate(
      {
        fullName: values.fullName.trim(),
        phone: values.phone.trim() || null,
        businessName: values.businessName.trim() || null,
        category: values.category || null,
      },
      { onError: (error) => setErrors(fieldErrors(error)) },
    );
  }

  const control = (name: Name) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, { error: errors[name] }),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const hasFieldErrors = Object.keys(errors).length > 0;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {update.isSuccess ? (
        <Alert variant="success">
          <Trans>Your profile has been saved.</Trans>
        </Alert>
      ) : null}
      {update.isError && !hasFieldErrors ? (
        <Alert variant="destructive">
          {errorMessage(update.error, t`Your profile could not be saved. Please try again.`)}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-fullName`} label={t`Full name`} error={errors.fullName}>
          <Input {...control('fullName')} autoComplete="name" required />
        </Field>
        <Field id={`${id}-phone`} label={t`Phone`} error={errors.phone}>
          <Input {...control('phone')} type="tel" autoComplete="tel" />
        </Field>
        <Field id={`${id}-businessName`} label={t`Business name`} error={errors.businessName}>
          <Input {...control('businessName')} autoComplete="organization" />
        </Field>
        <Field
          id={`${id}-category`}
          label={i18n._(CATEGORY_LABELS[profile.userType])}
          error={errors.category}
        >
          <Select {...control('category')}>
            <option value="">{t`None`}</option>
            {categoryOptions(profile.userType, profile.category).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button type="submit" disabled={update.isPending} className="self-start">
        {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save Profile</Trans>}
      </Button>
    </form>
  );
}
