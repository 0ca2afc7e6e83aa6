import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RideRatingInputSchema, type RideDetail } from '../../../contracts/rides';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useRate } from './api';

interface RateValues {
  userId: string;
  rating: string;
  comment: string;
}
const RATE_FIELDS = ['userId', 'rating', 'comment'] as const;
// The body as before: the person, the stars as a number, the comment as typed.
const rateInput = (values: RateValues) => ({
  userId: values.userId,
  rating: Number(values.rating),
  comment: values.comment,
});

/** After the event, the people of the ride rate each other (once each). */
export function RatePanel({ ride }: { ride: RideDetail }) {
  const rate = useRate(ride.id);
  const { t } = useLingui();
  const say = useContractText();
  const form = useForm<RateValues>({
    defaultValues: { userId: ride.canRate[0]?.id ?? '', rating: '5', comment: '' },
    resolver: contractResolver<RateValues>(RideRatingInputSchema, rateInput, RATE_FIELDS),
  });
  const [message, setMessage] = useState<string | null>(null);
  if (!ride.canRate.length) return null;
  async function submit(values: RateValues) {
    try {
      await rate.mutateAsync(rateInput(values));
      setMessage(t`Thank you for rating.`);
    } catch (error) {
      setMessage(
        setServerErrors(form, fieldErrors(error), RATE_FIELDS)
          ? null
          : errorMessage(error, t`The rating could not be saved`),
      );
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <Trans>Rate this ride</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
          {message ? <p role="status">{message}</p> : null}
          <FormField<RateValues> name="userId" label={t`Person`} formatError={say}>
            {(control) => (
              <Select {...control}>
                {ride.canRate.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField<RateValues> name="rating" label={t`Rating`} formatError={say}>
            {(control) => (
              <Select {...control}>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t`${n} of 5`}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField<RateValues> name="comment" label={t`Comment (optional)`} formatError={say}>
            {(control) => (
              <textarea
                {...control}
                className="min-h-16 rounded-md border border-input bg-background px-3 py-2 text-sm"
              />
            )}
          </FormField>
          <Button type="submit" className="self-start" disabled={rate.isPending}>
            <Trans>Send rating</Trans>
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
