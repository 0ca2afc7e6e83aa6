import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, lazyContractResolver, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSubscribeNewsletter } from './api';

interface NewsletterValues {
  email: string;
}
const NEWSLETTER_FIELDS = ['email'] as const;
// The body as before: the address trimmed.
const toInput = (values: NewsletterValues) => ({ email: values.email.trim() });

export function NewsletterForm() {
  const subscribe = useSubscribeNewsletter();
  const { t } = useLingui();
  const say = useContractText();
  const form = useForm<NewsletterValues>({
    defaultValues: { email: '' },
    // The events contract (zod and all its schemas) loads on the first submit, not with home.
    resolver: lazyContractResolver<NewsletterValues>(
      () => import('../../../contracts/events').then((m) => m.NewsletterInputSchema),
      toInput,
      NEWSLETTER_FIELDS,
    ),
  });
  const failure = form.formState.errors.root?.message;

  const submit = (values: NewsletterValues) =>
    subscribe.mutate(toInput(values).email, {
      onError: (error) => {
        if (!setServerErrors(form, fieldErrors(error), NEWSLETTER_FIELDS))
          form.setError('root', {
            message: errorMessage(error, t`Could not subscribe. Please try again.`),
          });
      },
    });

  if (subscribe.isSuccess) {
    const address = toInput(form.getValues()).email;
    return (
      <Alert variant="success" title={t`Check your inbox`}>
        <Trans>
          We sent a confirmation link to {address}. Click it to start receiving the newsletter.
        </Trans>
      </Alert>
    );
  }
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-2 text-start">
      {/* Aligned to the top, the button lowered by the label's line and gap: a message under
          the box then grows only the field, and the button stays beside the box. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <FormField<NewsletterValues> name="email" label={t`Email address`} formatError={say}>
            {(control) => <Input {...control} type="email" autoComplete="email" />}
          </FormField>
        </div>
        <Button type="submit" disabled={subscribe.isPending} className="sm:mt-5">
          <Trans>Subscribe</Trans>
        </Button>
      </div>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
    </Form>
  );
}
