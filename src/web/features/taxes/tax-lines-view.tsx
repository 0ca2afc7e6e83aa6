import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { QuoteTax } from '../../../contracts/taxes';
import { formatMoney } from '../../lib/money';
import { orderTaxQuery } from './api';

interface RateGroup {
  key: string;
  name: string | null;
  percent: string;
  tax: number;
}

function groups(lines: { taxName: string | null; rateThousandths: number; tax: number }[]) {
  const byRate = new Map<string, RateGroup>();
  for (const line of lines) {
    if (line.rateThousandths === 0) continue;
    const key = `${line.taxName ?? ''}|${line.rateThousandths}`;
    const group = byRate.get(key) ?? {
      key,
      name: line.taxName,
      percent: String(line.rateThousandths / 1000),
      tax: 0,
    };
    group.tax += line.tax;
    byRate.set(key, group);
  }
  return [...byRate.values()];
}

function RateLabel({ group, included }: { group: RateGroup; included: boolean }) {
  const name = group.name ?? '';
  const percent = group.percent;
  return included ? (
    <Trans>
      Includes {name} ({percent} %)
    </Trans>
  ) : (
    <Trans>
      {name} ({percent} %)
    </Trans>
  );
}

/** The cart's tax rows (inside its summary list), one per rate; nothing for an untaxed cart. */
export function QuoteTaxRows({ tax, currency }: { tax?: QuoteTax; currency: string }) {
  if (!tax || tax.tax === 0) return null;
  return (
    <>
      {groups(tax.lines).map((group) => (
        <div key={group.key} className="flex justify-between text-muted-foreground">
          <dt>
            <RateLabel group={group} included={tax.pricesIncludeTax} />
          </dt>
          <dd className="tabular-nums">{formatMoney(group.tax, currency)}</dd>
        </div>
      ))}
    </>
  );
}

/** The receipt's net and tax rows (inside its table footer), read from the order's tax. */
export function OrderTaxRows({ orderId, colSpan }: { orderId: string; colSpan: number }) {
  const summary = useQuery(orderTaxQuery(orderId));
  const data = summary.data;
  if (!data || data.tax === 0) return null;
  const money = (cents: number) => formatMoney(cents, data.currency);
  return (
    <>
      <tr>
        <th scope="row" colSpan={colSpan} className="pe-3 text-end font-normal">
          <Trans>Net</Trans>
        </th>
        <td className="text-end">{money(data.net)}</td>
      </tr>
      {groups(data.lines).map((group) => (
        <tr key={group.key}>
          <th scope="row" colSpan={colSpan} className="pe-3 text-end font-normal">
            <RateLabel group={group} included={false} />
          </th>
          <td className="text-end">{money(group.tax)}</td>
        </tr>
      ))}
    </>
  );
}
