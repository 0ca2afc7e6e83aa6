import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ContactInputSchema, SUPPORT_TOPICS } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { sendContact } from './api';
import { TOPIC_LABELS } from './support-topics';

interface ContactValues {
  name: string;
  email: string;
  topic: (typeof SUPPORT_TOPICS)[number];
  message: string;
  website: string;
}

const FIELDS = ['name', 'email', 'topic', 'message'] as const;

const toInput = (values: ContactValues) => ({ ...values, website: values.website || undefined });

const resolver = contractResolver<ContactValues>(ContactInputSchema, toInput, FIELDS);

/** The contact form (a support request); `onSent` gets the request's reference. */
export function ContactForm({
  name,
  email,
  onSent,
}: {
  name: string;
  email: string;
  onSent: (reference: string) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<ContactValues>({
    defaultValues: { name, email, topic: 'general', message: '', website: '' },
    resolver,
  });
  const send = useMutation({
    mutationFn: (values: ContactValues) => sendContact(toInput(values)),
    onSuccess: ({ reference }) => onSent(reference),
  });
  const problem = form.formState.errors.root?.message;

  async function submit(values: ContactValues) {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`Your message could not be sent.`),
        });
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="mt-6 flex flex-col gap-4">
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      <FormField<ContactValues> name="name" label={t`Name`}>
        {(control) => <Input {...control} autoComplete="name" />}
      </FormField>
      <FormField<ContactValues> name="email" label={t`Email`}>
        {(control) => <Input {...control} type="email" autoComplete="email" />}
      </FormField>
      <FormField<ContactValues> name="topic" label={t`Topic`}>
        {(control) => (
          <Select {...control}>
            {SUPPORT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {i18n._(TOPIC_LABELS[topic])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<ContactValues> name="message" label={t`Message`}>
        {(control) => (
          <textarea
            {...control}
            rows={6}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        )}
      </FormField>
      {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>
      <Button type="submit" disabled={send.isPending} className="self-start">
        {send.isPending ? t`Sending…` : t`Send message`}
      </Button>
    </Form>
  );
}
