import type { ReactNode } from 'react';
import type { Amount } from '../../../contracts/dashboard';
import { DASHBOARD_SALES_DAYS } from '../../../contracts/dashboard';
import { formatMoney } from '../../lib/money';

/** Amounts in several currencies on one line, or `none` when there are none. */
export const money = (amounts: readonly Amount[], none = '—') =>
  amounts.length ? amounts.map((a) => formatMoney(a.cents, a.currency)).join(' · ') : none;

// The whole "last N days" phrase is one message, so each language places the number itself.
export const salesDays = DASHBOARD_SALES_DAYS;

/** One titled part of the dashboard, with an optional link beside its heading. */
export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
