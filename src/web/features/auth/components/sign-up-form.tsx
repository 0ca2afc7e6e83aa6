import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { signUpProblems, SignUpInputSchema } from '../../../../contracts/accounts';
import { SERVICE_OPTIONS, USER_TYPES, type UserType } from '../../../../contracts/enums';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormField, setServerErrors } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useSignUp } from '../api';
import { clearStoredReferrals, readReferralSources, referralCode } from '../referral';
import { SERVICE_LABELS, USER_TYPE_LABELS } from './service-field';
import { SERVICE_OPTION_LABELS } from './service-options';
import { useFieldMessage } from '../contract-messages';

// spec §8.
export const SIGN_UP_FALLBACK_ERROR = msg`An error occurred during sign up`;

/**
 * The form's values (strings as typed) checked by the contract's sign-up rules: the shared
 * `SignUpInputSchema` for the shape, then `signUpProblems` (spec §5 order and §8 texts), the
 * same two checks the server runs.
 */
const SignUpFormSchema = SignUpInputSchema.extend({
  service: z.string(),
  referralCode: z.string(),
}).superRefine((values, ctx) => {
  for (const { field, message } of signUpProblems(values))
    ctx.addIssue({ code: 'custom', path: [field], message });
});
type SignUpValues = z.input<typeof SignUpFormSchema>;
type SignUpChecked = z.output<typeof SignUpFormSchema>;

// The fields a server message can land on, in the form's order (the first one gets focus).
const FIELD_ORDER = [
  'fullName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'userType',
  'service',
  'referralCode',
] as const satisfies readonly FieldPath<SignUpValues>[];

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { i18n, t } = useLingui();
  const fieldMessage = useFieldMessage();
  const id = useId();
  const { search } = useLocation();
  // Read once: an affiliate link's ?ref=, a stored promo referral or the affiliate cookie.
  const [initialCode] = useState(() => referralCode(readReferralSources(search)));
  // Messages change on submit only, as before the form library (no checks while typing).
  const form = useForm<SignUpValues, unknown, SignUpChecked>({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: {
      fullName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      userType: 'attendee',
      service: '',
      referralCode: initialCode,
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [userType = 'attendee', typedCode] = useWatch({
    control: form.control,
    name: ['userType', 'referralCode'],
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const signUp = useSignUp();

  const isPrefilled = initialCode !== '' && typedCode === initialCode;
  const serviceOption = (option: string) => {
    const label = SERVICE_OPTION_LABELS[option];
    return label ? i18n._(label) : option;
  };

  // spec §2: switching the account type clears the other type's service/interest choice.
  function chooseType(next: UserType) {
    if (next === userType) return;
    form.setValue('userType', next);
    form.setValue('service', '');
    form.clearErrors('service');
  }

  function onSubmit(values: SignUpChecked) {
    setServerError(null);
    const input = {
      ...values,
      service: values.service || null,
      referralCode: values.referralCode.trim() || null,
    };
    signUp.mutate(input, {
      onSuccess: ({ email }) => {
        // Kept short: on phones the rating dialog opens under this toast a second later.
        toast.success(t`Account created!`, {
          description: t`Check your email for the link that confirms your account.`,
        });
        clearStoredReferrals();
        form.setValue('password', '');
        form.setValue('confirmPassword', '');
        form.setValue('referralCode', '');
        onSignedUp(email);
      },
      onError: (error) => {
        if (!setServerErrors(form, fieldErrors(error), FIELD_ORDER))
          setServerError(errorMessage(error, i18n._(SIGN_UP_FALLBACK_ERROR)));
      },
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
      {serverError ? (
        <Alert variant="destructive" title={t`Sign up failed`}>
          {serverError}
        </Alert>
      ) : null}

      <FormField<SignUpValues> formatError={fieldMessage} name="fullName" label={t`Full name`}>
        {(control) => <Input {...control} autoComplete="name" required />}
      </FormField>
      <FormField<SignUpValues> formatError={fieldMessage} name="email" label={t`Email`}>
        {(control) => <Input {...control} type="email" autoComplete="email" required />}
      </FormField>
      <FormField<SignUpValues> formatError={fieldMessage} name="phone" label={t`Phone`}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" required />}
      </FormField>
      <FormField<SignUpValues>
        formatError={fieldMessage}
        name="password"
        label={t`Password`}
        hint={t`At least 6 characters.`}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" required />}
      </FormField>
      <FormField<SignUpValues>
        formatError={fieldMessage}
        name="confirmPassword"
        label={t`Confirm password`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            toggleLabel={t`confirm password`}
            autoComplete="new-password"
            required
          />
        )}
      </FormField>

      <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-type-warning`}>
        <legend className="mb-1.5 text-sm font-medium">
          <Trans>Account type</Trans>
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {USER_TYPES.map((type) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer flex-col rounded-md border px-3 py-2 text-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                userType === type
                  ? 'border-primary bg-primary-soft'
                  : 'border-border hover:bg-muted',
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="userType"
                  value={type}
                  checked={userType === type}
                  onChange={() => chooseType(type)}
                  className="accent-primary"
                />
                {i18n._(USER_TYPE_LABELS[type].label)}
              </span>
              <span className="ps-5 text-xs text-muted-foreground">
                {i18n._(USER_TYPE_LABELS[type].hint)}
              </span>
            </label>
          ))}
        </div>
        <p id={`${id}-type-warning`} className="text-xs font-medium text-warning">
          <Trans>Account type cannot be changed after registration.</Trans>
        </p>
      </fieldset>

      <FormField<SignUpValues>
        formatError={fieldMessage}
        name="service"
        label={i18n._(SERVICE_LABELS[userType])}
      >
        {(control) => (
          <Select {...control} required>
            <option value="">{t`Choose one…`}</option>
            {SERVICE_OPTIONS[userType].map((option) => (
              <option key={option} value={option}>
                {serviceOption(option)}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <FormField<SignUpValues>
        formatError={fieldMessage}
        name="referralCode"
        label={t`Referral code (optional)`}
        hint={isPrefilled ? t`Filled in from your referral link.` : undefined}
      >
        {(control) => <Input {...control} autoComplete="off" />}
      </FormField>

      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? t`Creating Account...` : t`Create Account`}
      </Button>
    </Form>
  );
}
