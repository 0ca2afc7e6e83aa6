import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { doorKeys, fetchShiftSummary } from './api';
import { ShiftDrawer } from './shift-drawer';

/**
 * Each seller's shift (their sales of a day) and its drawer: the organizer sees every seller, a
 * seller their own.
 */
export function ShiftSummary({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const summary = useQuery({
    queryKey: doorKeys.shiftSummary(eventId),
    queryFn: () => fetchShiftSummary(eventId),
    retry: false,
  });
  if (!summary.data?.shifts.length) return null;
  const money = (cents: number) => formatMoney(cents, summary.data.currency);
  return (
    <section className="flex flex-col gap-2">
      <h2 className="font-semibold">
        <Trans>Shift summary</Trans>
      </h2>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t`Shift summary`}>
        <table className="w-full text-sm" data-testid="shift-summary">
          <thead>
            <tr className="text-start">
              <th className="p-1 text-start">{t`Seller`}</th>
              <th className="p-1 text-end">{t`Sales`}</th>
              <th className="p-1 text-end">{t`Tickets`}</th>
              <th className="p-1 text-end">{t`Cash`}</th>
              <th className="p-1 text-end">{t`Card`}</th>
              <th className="p-1 text-end">{t`Complimentary`}</th>
            </tr>
          </thead>
          <tbody>
            {summary.data.shifts.map((shift) => (
              <tr key={`${shift.sellerId ?? 'gone'}|${shift.day}`} className="border-t">
                <td className="p-1">
                  {shift.sellerName}
                  {shift.firstSaleAt && shift.lastSaleAt ? (
                    <span className="block text-xs text-muted-foreground">
                      {formatDateTime(shift.firstSaleAt)} – {formatDateTime(shift.lastSaleAt)}
                    </span>
                  ) : null}
                </td>
                <td className="p-1 text-end">{shift.sales}</td>
                <td className="p-1 text-end">{shift.tickets}</td>
                <td className="p-1 text-end">{money(shift.cashCents)}</td>
                <td className="p-1 text-end">{money(shift.cardCents)}</td>
                <td className="p-1 text-end">{shift.complimentary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Each shift's drawer: the float, the cash counted at the close, over or short. */}
      {summary.data.shifts.map((shift) => (
        <ShiftDrawer
          key={`${shift.sellerId ?? 'gone'}|${shift.day}`}
          eventId={eventId}
          shift={shift}
          currency={summary.data.currency}
          mayReopen={summary.data.mayReopen}
        />
      ))}
    </section>
  );
}
