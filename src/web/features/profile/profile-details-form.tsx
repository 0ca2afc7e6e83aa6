import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UpdateProfileSchema, type Profile } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useUpdateProfile } from './api';
import { CATEGORY_LABELS, categoryOptions } from './category-options';

type DetailsValues = z.input<typeof UpdateProfileSchema>;
type DetailsInput = z.output<typeof UpdateProfileSchema>;
const NAMES = ['fullName', 'phone', 'businessName', 'category'] as const;

/** spec §3 profile fields a person edits: full name, phone, business name and category. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { i18n, t } = useLingui();
  // The contract's checks (the ones the server makes), shown on submit only.
  const form = useForm<DetailsValues, unknown, DetailsInput>({
    resolver: zodResolver(UpdateProfileSchema),
    defaultValues: {
      fullName: profile.fullName,
      phone: profile.phone ?? '',
      businessName: profile.businessName ?? '',
      category: profile.category ?? '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;

  function onSubmit(input: DetailsInput) {
    update.mutate(input, {
      onError: (error) => setServerErrors(form, fieldErrors(error), NAMES),
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={update.reset} className="flex flex-col gap-4">
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
        <FormField<DetailsValues> name="fullName" label={t`Full name`}>
          {(control) => <Input {...control} autoComplete="name" required />}
        </FormField>
        <FormField<DetailsValues> name="phone" label={t`Phone`}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField<DetailsValues> name="businessName" label={t`Business name`}>
          {(control) => <Input {...control} autoComplete="organization" />}
        </FormField>
        <FormField<DetailsValues> name="category" label={i18n._(CATEGORY_LABELS[profile.userType])}>
          {(control) => (
            <Select {...control}>
              <option value="">{t`None`}</option>
              {categoryOptions(profile.userType, profile.category).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={update.isPending} className="self-start">
        {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save Profile</Trans>}
      </Button>
    </Form>
  );
}
