import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { applePassUrl, googleSaveLink, ticketWalletQuery } from './api';

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" for a ticket, each only when the event's
 * organizer (or the platform) set it up; nothing at all otherwise (decision 075).
 */
export function WalletButtons({ ticketId }: { ticketId: string }) {
  const { t } = useLingui();
  const offers = useQuery(ticketWalletQuery(ticketId));
  // The link is signed when asked for, with the ticket's code of that moment.
  const google = useMutation({
    mutationFn: () => googleSaveLink(ticketId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  if (!offers.data || (!offers.data.apple && !offers.data.google)) return null;
  const classes = buttonClasses({ variant: 'outline', size: 'sm', className: 'justify-start' });
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <div className="grid gap-2 sm:grid-cols-2">
        {offers.data.apple ? (
          <a href={applePassUrl(ticketId)} download="ticket.pkpass" className={classes}>
            <Wallet aria-hidden="true" className="size-4" />
            <Trans>Add to Apple Wallet</Trans>
          </a>
        ) : null}
        {offers.data.google ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-start"
            disabled={google.isPending}
            onClick={() => google.mutate()}
          >
            <Wallet aria-hidden="true" className="size-4" />
            <Trans>Save to Google Wallet</Trans>
          </Button>
        ) : null}
      </div>
      {google.isError ? (
        <Alert variant="destructive">
          {errorMessage(google.error, t`The Google Wallet pass could not be made.`)}
        </Alert>
      ) : null}
    </div>
  );
}
