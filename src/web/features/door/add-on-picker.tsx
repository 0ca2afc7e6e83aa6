import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { BoxOfficeCatalog } from '../../../contracts/box-office';
import { Input } from '../../components/ui/input';
import { formatPrice } from '../../lib/money';

// The event's add-ons at the box office (decision 117): sold with the tickets, at the online
// price; the server keeps the online rules (so many per ticket) and adds the tax.

export function AddOnPicker({
  addOns,
  currency,
  quantities,
  onChange,
}: {
  addOns: BoxOfficeCatalog['addOns'];
  currency: string;
  quantities: Record<string, number>;
  onChange: (next: Record<string, number>) => void;
}) {
  const id = useId();
  if (!addOns.length) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">
        <Trans>Add-ons</Trans>
      </legend>
      {addOns.map((addOn) => (
        <div key={addOn.id} className="flex items-center justify-between gap-2">
          <label htmlFor={`${id}-${addOn.id}`} className="flex flex-col">
            <span className="font-medium">{addOn.name}</span>
            <span className="text-sm text-muted-foreground">
              {formatPrice(addOn.priceCents, currency)} · <Trans>{addOn.remaining} left</Trans>
            </span>
          </label>
          <Input
            id={`${id}-${addOn.id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={Math.min(50, addOn.remaining)}
            className="w-20"
            value={quantities[addOn.id] ?? 0}
            onChange={(e) =>
              onChange({
                ...quantities,
                [addOn.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)),
              })
            }
          />
        </div>
      ))}
    </fieldset>
  );
}
