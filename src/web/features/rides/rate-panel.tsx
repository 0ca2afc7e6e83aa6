import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { RideDetail } from '../../../contracts/rides';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import { useRate } from './api';

/** After the event, the people of the ride rate each other (once each). */
export function RatePanel({ ride }: { ride: RideDetail }) {
  const rate = useRate(ride.id);
  const id = useId();
  const { t } = useLingui();
  const [who, setWho] = useState(ride.canRate[0]?.id ?? '');
  const [stars, setStars] = useState('5');
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  if (!ride.canRate.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <Trans>Rate this ride</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            rate.mutate(
              { userId: who || (ride.canRate[0]?.id ?? ''), rating: Number(stars), comment },
              {
                onSuccess: () => setMessage(t`Thank you for rating.`),
                onError: (err) => setMessage(errorMessage(err, t`The rating could not be saved`)),
              },
            );
          }}
        >
          {message ? <p role="status">{message}</p> : null}
          <Field id={`${id}-who`} label={t`Person`}>
            <Select id={`${id}-who`} value={who} onChange={(e) => setWho(e.target.value)}>
              {ride.canRate.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-stars`} label={t`Rating`}>
            <Select id={`${id}-stars`} value={stars} onChange={(e) => setStars(e.target.value)}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {t`${n} of 5`}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-comment`} label={t`Comment (optional)`}>
            <textarea
              id={`${id}-comment`}
              className="min-h-16 rounded-md border border-input bg-background px-3 py-2 text-sm"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Field>
          <Button type="submit" className="self-start" disabled={rate.isPending}>
            <Trans>Send rating</Trans>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
