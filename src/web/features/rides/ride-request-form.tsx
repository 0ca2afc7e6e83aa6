import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RideRequestInputSchema } from '../../../contracts/rides';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useRequestRide } from './api';

interface RequestValues {
  area: string;
  seats: string;
}
const REQUEST_FIELDS = ['area', 'seats'] as const;
// The body as before: the area trimmed, the seats as a number.
const requestInput = (values: RequestValues) => ({
  area: values.area.trim(),
  seats: Number(values.seats),
});
const resolver = contractResolver<RequestValues>(
  RideRequestInputSchema,
  requestInput,
  REQUEST_FIELDS,
);

/** "Need a ride?": a signed-in person asks for seats from where they leave. */
export function RideRequestForm({ eventId }: { eventId: string }) {
  const request = useRequestRide(eventId);
  const [done, setDone] = useState(false);
  const { t } = useLingui();
  const say = useContractText();
  const form = useForm<RequestValues>({ defaultValues: { area: '', seats: '1' }, resolver });
  async function submit(values: RequestValues) {
    try {
      await request.mutateAsync(requestInput(values));
      setDone(true);
      form.reset({ ...values, area: '' });
    } catch (error) {
      // A refusal naming no field shows under the area, where this form always showed it.
      if (!setServerErrors(form, fieldErrors(error), REQUEST_FIELDS))
        form.setError('area', {
          type: 'server',
          message: errorMessage(error, t`The request could not be posted`),
        });
    }
  }
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
      {done ? (
        <Alert variant="success">
          <Trans>Request posted: drivers leaving nearby are told.</Trans>
        </Alert>
      ) : null}
      <FormField<RequestValues> name="area" label={t`Leaving from`} formatError={say}>
        {(control) => <Input {...control} />}
      </FormField>
      <FormField<RequestValues> name="seats" label={t`Seats needed`} formatError={say}>
        {(control) => (
          <Select {...control}>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button type="submit" variant="outline" disabled={request.isPending} className="self-start">
        <Trans>Post ride request</Trans>
      </Button>
    </Form>
  );
}
