import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminPlatformTaxRates } from '../../../contracts/taxes';
import { useRemovePlatformTaxItemRate } from './api';
import { ITEM_KIND_LABELS, PlatformTaxItemForm } from './platform-tax-item-form';
import { PlatformTaxRateRow, RemoveRateButton, RemoveRateDialog } from './platform-tax-rate-row';

// The rates of single plans, events' vendor fees and campaigns, in place of their kind's rate
// (decision 093): listed with Remove, and a form to add one, below the kinds' rates.

type Item = AdminPlatformTaxRates['items'][number];

export function PlatformTaxItemsSection({ items }: { items: Item[] }) {
  const { t, i18n } = useLingui();
  const remove = useRemovePlatformTaxItemRate();
  const [removing, setRemoving] = useState<Item | null>(null);

  return (
    <section aria-labelledby="platform-items-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="platform-items-heading" className="text-lg font-semibold">
          <Trans>Rates for one plan, vendor fee or campaign</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Charged in place of the rate of its kind. A rate of 0 % charges it without tax.
          </Trans>
        </p>
      </div>
      {items.length ? (
        <ul
          aria-label={t`Rates of single plans, vendor fees and campaigns`}
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
        >
          {items.map((item) => {
            const { itemLabel, name, percent } = item;
            return (
              <PlatformTaxRateRow
                key={`${item.kind}:${item.itemId}`}
                title={itemLabel}
                detail={
                  <>
                    {i18n._(ITEM_KIND_LABELS[item.kind])} ·{' '}
                    {item.rateThousandths === 0 ? (
                      <Trans>No tax (0 %)</Trans>
                    ) : (
                      <Trans>
                        {name}, {percent} % included
                      </Trans>
                    )}
                  </>
                }
              >
                <RemoveRateButton
                  name={itemLabel}
                  onClick={() => {
                    remove.reset();
                    setRemoving(item);
                  }}
                />
              </PlatformTaxRateRow>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Every plan, vendor fee and campaign is charged at the rate of its kind.</Trans>
        </p>
      )}

      <PlatformTaxItemForm />

      <RemoveRateDialog
        removing={removing?.itemLabel ?? null}
        description={t`From now on it is charged at the rate of its kind. Charges already made keep their tax and their invoices.`}
        removal={remove}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const label = removing.itemLabel;
          remove.mutate(
            { kind: removing.kind, itemId: removing.itemId },
            {
              onSuccess: () => {
                toast.success(t`Tax rate of ${label} removed`);
                setRemoving(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
