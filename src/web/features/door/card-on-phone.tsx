import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { doorKeys, postCancelSale } from './api';

/**
 * A card sale paid on the buyer's own phone: the provider's hosted checkout as a QR code while
 * the desk waits for its webhook (the sale above is told on the realtime socket), and a way out when the buyer leaves.
 */
export function CardOnPhone({ eventId, sale }: { eventId: string; sale: BoxOfficeSale }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const qr = useQrCode(sale.checkoutUrl);
  const cancel = useMutation({
    mutationFn: () => postCancelSale(eventId, sale.orderId),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(doorKeys.sale(sale.orderId), cancelled);
      void queryClient.invalidateQueries({ queryKey: doorKeys.boxOffices });
    },
  });
  const total = formatMoney(sale.totalCents, sale.currency);
  return (
    <div className="flex flex-col items-start gap-2" data-testid="card-on-phone">
      <p>
        <Trans>The buyer scans this code and pays {total} by card on their phone.</Trans>
      </p>
      {qr ? (
        <img
          src={qr}
          alt={t`QR code of the card payment page`}
          width={224}
          height={224}
          className="rounded-md border bg-white p-2"
        />
      ) : null}
      <p className="text-sm font-medium">
        <Trans>Waiting for the payment...</Trans>
      </p>
      {sale.checkoutUrl ? (
        <a
          href={sale.checkoutUrl}
          target="_blank"
          rel="noopener"
          className="text-sm break-all underline"
        >
          <Trans>Open the payment page here</Trans>
        </a>
      ) : null}
      <Button
        variant="outline"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate()}
        className="self-start"
      >
        <Trans>Cancel the sale</Trans>
      </Button>
      {cancel.isError ? (
        <p role="alert">{errorMessage(cancel.error, t`Could not cancel. Please try again.`)}</p>
      ) : null}
    </div>
  );
}

/** The URL as an SVG QR code; the encoder loads only when a code is shown. */
function useQrCode(url: string | null) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!url) return;
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      });
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}
