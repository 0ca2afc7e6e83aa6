import { useLingui } from '@lingui/react/macro';
import { Minus, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** − n + with a labelled number input; `min` is 0 when the line may be left out. */
export function QuantityStepper({
  id,
  label,
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  const { t } = useLingui();
  const clamp = (n: number) => Math.max(min, Math.min(max, n));
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={t`Fewer ${label}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        <Minus aria-hidden="true" className="size-4" />
      </Button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        aria-label={t`Quantity of ${label}`}
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (Number.isFinite(n)) onChange(clamp(Math.floor(n)));
        }}
        className="h-9 w-14 rounded-md border border-input bg-background text-center text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
      />
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={t`More ${label}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <Plus aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
