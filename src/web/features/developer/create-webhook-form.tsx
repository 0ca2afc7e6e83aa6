import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CreateWebhookInputSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../../contracts/developer';
import { FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { fieldErrors } from '../../lib/api-client';
import { useCreateWebhook } from './api';
import { CodeChoices, CreateForm } from './create-form';

const WEBHOOK_TYPE_LABELS: Record<WebhookEventType, MessageDescriptor> = {
  'order.paid': msg`An order is paid`,
  'order.refunded': msg`An order is refunded (fully or partly)`,
  'attendee.registered': msg`A ticket is issued to an attendee`,
  'ticket.checked_in': msg`A ticket is checked in at the door`,
  'ticket.transferred': msg`A ticket is transferred to another person`,
  'vendor_request.created': msg`A vendor applies to one of your events`,
  'vendor_request.approved': msg`You approve a vendor`,
  'waitlist.offered': msg`A place on a waiting list is offered tickets`,
  'event.updated': msg`One of your events changes (details, status, visibility)`,
};

type WebhookValues = z.input<typeof CreateWebhookInputSchema>;
type WebhookInput = z.output<typeof CreateWebhookInputSchema>;

/** A new webhook endpoint: its URL, a description and the events it receives. */
export function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateWebhook();
  const form = useForm<WebhookValues, unknown, WebhookInput>({
    resolver: zodResolver(CreateWebhookInputSchema),
    defaultValues: { url: '', description: '', eventTypes: ['order.paid'] },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  function submit(input: WebhookInput) {
    create.mutate(input, {
      onSuccess: (created) => {
        form.setValue('url', '');
        form.setValue('description', '');
        onCreated(created.secret);
      },
      onError: (e) => setServerErrors(form, fieldErrors(e), ['url', 'description', 'eventTypes']),
    });
  }
  return (
    <CreateForm
      form={form}
      onSubmit={submit}
      heading={
        <h3 className="text-base font-semibold">
          <Trans>Add an endpoint</Trans>
        </h3>
      }
      mutation={create}
      refusedText={t`The endpoint could not be added.`}
      submitLabel={t`Add endpoint`}
      pendingLabel={t`Adding…`}
    >
      <FormField<WebhookValues>
        name="url"
        label={t`Endpoint URL`}
        hint={t`We POST signed JSON here. Private and internal addresses are refused.`}
      >
        {(control) => (
          <Input
            {...control}
            dir="ltr"
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/mea"
          />
        )}
      </FormField>
      <FormField<WebhookValues> name="description" label={t`Description (optional)`}>
        {(control) => <Input {...control} maxLength={200} />}
      </FormField>
      <CodeChoices<WebhookEventType, WebhookValues>
        name="eventTypes"
        legend={t`Events to send`}
        options={WEBHOOK_EVENT_TYPES}
        labelOf={(type) => i18n._(WEBHOOK_TYPE_LABELS[type])}
      />
    </CreateForm>
  );
}
