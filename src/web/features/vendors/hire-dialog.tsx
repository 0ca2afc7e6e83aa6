import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CreateBookingInputSchema, type VendorSummary } from '../../../contracts/vendors';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { myEventsQuery } from '../events';
import { useCreateBooking } from './api';
import { VENDOR_TEXT } from './vendor-messages';

// The hire request's own fields; the vendor is the one whose Hire button opened the dialog.
const HireSchema = CreateBookingInputSchema.omit({ vendorId: true });
type HireValues = z.input<typeof HireSchema>;
type HireInput = z.output<typeof HireSchema>;

/** A hire request to one vendor: which of my events, and what I need. */
export function HireDialog({ vendor, onClose }: { vendor: VendorSummary; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const name = vendor.displayName;
  const events = useQuery(myEventsQuery);
  const create = useCreateBooking();
  // Messages change on submit only, as before the form library (no checks while typing).
  const form = useForm<HireValues, unknown, HireInput>({
    resolver: zodResolver(HireSchema),
    defaultValues: { eventId: '', message: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  const upcoming =
    events.data?.events.filter(
      (e) => e.eventStatus !== 'cancelled' && e.eventStatus !== 'expired',
    ) ?? [];

  function submit(input: HireInput) {
    create.mutate(
      { vendorId: vendor.id, ...input },
      {
        onSuccess: () => {
          toast.success(i18n._(VENDOR_TEXT.hireSentTitle), {
            description: t`${name} can accept or decline it. A booking chat is open.`,
          });
          onClose();
        },
        onError: (error) => setServerErrors(form, fieldErrors(error), ['eventId', 'message']),
      },
    );
  }

  const formError =
    create.isError && !hasFieldErrors
      ? errorMessage(create.error, t`The hire request could not be sent. Please try again.`)
      : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Hire ${name}`}
      description={t`Choose one of your events and tell the vendor what you need.`}
    >
      {events.isPending ? (
        <Spinner label={t`Loading your events`} />
      ) : events.isError ? (
        <LoadFailed title={t`Your events could not be loaded`} error={events.error} />
      ) : upcoming.length === 0 ? (
        <Alert variant="info" title={t`You have no events to hire for`}>
          <Trans>
            <Link to={paths.createEvent()} className="font-semibold underline">
              Create an event
            </Link>{' '}
            first, then come back to hire vendors for it.
          </Trans>
        </Alert>
      ) : (
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <FormField<HireValues> name="eventId" label={t`Event`}>
            {(control) => (
              <Select {...control}>
                <option value="">{t`Choose an event`}</option>
                {upcoming.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.title} ({e.date})
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField<HireValues> name="message" label={t`Message`}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
              />
            )}
          </FormField>
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={create.isPending}>
              <Send aria-hidden="true" className="size-4" />
              {create.isPending ? t`Sending...` : t`Send hire request`}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
