import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { signUpProblems } from '../../../../contracts/accounts';
import { SERVICE_OPTIONS, USER_TYPES, type UserType } from '../../../../contracts/enums';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useSignUp } from '../api';
import { clearStoredReferrals, readReferralSources, referralCode } from '../referral';
import { focusField } from './focus-field';
import { SERVICE_LABELS, USER_TYPE_LABELS } from './service-field';

// spec §8.
export const SIGN_UP_FALLBACK_ERROR = 'An error occurred during sign up';

interface SignUpValues {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  userType: UserType;
  service: string;
  referralCode: string;
}

const FIELD_ORDER = [
  'fullName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'userType',
  'service',
  'referralCode',
] as const;

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const id = useId();
  const { search } = useLocation();
  // Read once: an affiliate link's ?ref=, a stored promo referral or the affiliate cookie.
  const [initialCode] = useState(() => referralCode(readReferralSources(search)));
  const [values, setValues] = useState<SignUpValues>(() => ({
    fullName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    userType: 'attendee',
    service: '',
    referralCode: initialCode,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const signUp = useSignUp();

  const isPrefilled = initialCode !== '' && values.referralCode === initialCode;

  const set = (name: keyof SignUpValues) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));

  // spec §2: switching the account type clears the other type's service/interest choice.
  function chooseType(userType: UserType) {
    setValues((v) => (v.userType === userType ? v : { ...v, userType, service: '' }));
    setErrors(({ service: _service, ...rest }) => rest);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setServerError(null);
    const input = {
      ...values,
      service: values.service || null,
      referralCode: values.referralCode.trim() || null,
    };
    const problems = signUpProblems(input);
    if (problems.length) {
      const next: Record<string, string> = {};
      for (const p of problems) next[p.field] ??= p.message;
      setErrors(next);
      const first = FIELD_ORDER.find((f) => next[f]);
      if (first) focusField(form, first);
      return;
    }
    setErrors({});
    signUp.mutate(input, {
      onSuccess: ({ email }) => {
        // Kept short: on phones the rating dialog opens under this toast a second later.
        toast.success('Account created!', {
          description: 'Check your email for the link that confirms your account.',
        });
        clearStoredReferrals();
        setValues((v) => ({ ...v, password: '', confirmPassword: '', referralCode: '' }));
        onSignedUp(email);
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        const shown = Object.fromEntries(
          Object.entries(fields).filter(([field]) =>
            (FIELD_ORDER as readonly string[]).includes(field),
          ),
        );
        setErrors(shown);
        const first = FIELD_ORDER.find((f) => shown[f]);
        if (first) focusField(form, first);
        else setServerError(errorMessage(error, SIGN_UP_FALLBACK_ERROR));
      },
    });
  }

  const control = (name: keyof SignUpValues, hint = false) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, { hint, error: errors[name] }),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {serverError ? (
        <Alert variant="destructive" title="Sign up failed">
          {serverError}
        </Alert>
      ) : null}

      <Field id={`${id}-fullName`} label="Full name" error={errors.fullName}>
        <Input
          {...control('fullName')}
          autoComplete="name"
          required
          value={values.fullName}
          onChange={(e) => set('fullName')(e.target.value)}
        />
      </Field>
      <Field id={`${id}-email`} label="Email" error={errors.email}>
        <Input
          {...control('email')}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
      </Field>
      <Field id={`${id}-phone`} label="Phone" error={errors.phone}>
        <Input
          {...control('phone')}
          type="tel"
          autoComplete="tel"
          required
          value={values.phone}
          onChange={(e) => set('phone')(e.target.value)}
        />
      </Field>
      <Field
        id={`${id}-password`}
        label="Password"
        hint="At least 6 characters."
        error={errors.password}
      >
        <PasswordInput
          {...control('password', true)}
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
        />
      </Field>
      <Field id={`${id}-confirmPassword`} label="Confirm password" error={errors.confirmPassword}>
        <PasswordInput
          {...control('confirmPassword')}
          toggleLabel="confirm password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
        />
      </Field>

      <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-type-warning`}>
        <legend className="mb-1.5 text-sm font-medium">Account type</legend>
        <div className="grid grid-cols-2 gap-2">
          {USER_TYPES.map((type) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer flex-col rounded-md border px-3 py-2 text-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                values.userType === type
                  ? 'border-primary bg-primary-soft'
                  : 'border-border hover:bg-muted',
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="userType"
                  value={type}
                  checked={values.userType === type}
                  onChange={() => chooseType(type)}
                  className="accent-primary"
                />
                {USER_TYPE_LABELS[type].label}
              </span>
              <span className="pl-5 text-xs text-muted-foreground">
                {USER_TYPE_LABELS[type].hint}
              </span>
            </label>
          ))}
        </div>
        <p id={`${id}-type-warning`} className="text-xs font-medium text-warning">
          Account type cannot be changed after registration.
        </p>
      </fieldset>

      <Field id={`${id}-service`} label={SERVICE_LABELS[values.userType]} error={errors.service}>
        <Select
          {...control('service')}
          required
          value={values.service}
          onChange={(e) => set('service')(e.target.value)}
        >
          <option value="">Choose one…</option>
          {SERVICE_OPTIONS[values.userType].map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </Field>

      <Field
        id={`${id}-referralCode`}
        label="Referral code (optional)"
        hint={isPrefilled ? 'Filled in from your referral link.' : undefined}
        error={errors.referralCode}
      >
        <Input
          {...control('referralCode', isPrefilled)}
          autoComplete="off"
          value={values.referralCode}
          onChange={(e) => set('referralCode')(e.target.value)}
        />
      </Field>

      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
