import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  CapacityPoolInputSchema,
  type CapacityPool,
  type CapacityPoolInput,
} from '../../../contracts/capacity-pools';
import type { ManagedTicketType } from '../../../contracts/tickets';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSaveCapacityPool } from './capacity-api';

type PoolField = 'name' | 'capacity' | 'ticketTypeIds';
type PoolErrors = Partial<Record<PoolField, string>>;

/** The server's field names (`body.capacity`) to the form's. */
const fieldOf = (name: string): PoolField | null => {
  const field = name.replace(/^body\./, '').split('.')[0];
  return field === 'name' || field === 'capacity' || field === 'ticketTypeIds' ? field : null;
};

/** Create (no `pool`) or edit a capacity pool: its name, capacity and ticket types. */
export function CapacityPoolDialog({
  eventId,
  pool,
  ticketTypes,
  open,
  onOpenChange,
}: {
  eventId: string;
  pool: CapacityPool | null;
  ticketTypes: ManagedTicketType[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const poolName = pool?.name;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={pool ? t`Edit ${poolName}` : t`New capacity pool`}
      description={t`Buyers can never get more places across the chosen ticket types than the capacity.`}
    >
      {/* Re-mounted per opening so the form starts from the chosen pool. */}
      {open ? (
        <PoolForm
          eventId={eventId}
          pool={pool}
          ticketTypes={ticketTypes}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function PoolForm({
  eventId,
  pool,
  ticketTypes,
  onDone,
}: {
  eventId: string;
  pool: CapacityPool | null;
  ticketTypes: ManagedTicketType[];
  onDone: () => void;
}) {
  const { t } = useLingui();
  const say = useContractText();
  const id = useId();
  const save = useSaveCapacityPool(eventId);
  const [name, setName] = useState(pool?.name ?? '');
  const [capacity, setCapacity] = useState(pool ? String(pool.capacity) : '');
  const [chosen, setChosen] = useState<string[]>(pool?.ticketTypeIds ?? []);
  const [errors, setErrors] = useState<PoolErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function show(errs: PoolErrors) {
    setErrors(errs);
    const first = (['name', 'capacity', 'ticketTypeIds'] as const).find((f) => errs[f]);
    if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const input: CapacityPoolInput = {
      name,
      capacity: capacity.trim() ? Number(capacity) : NaN,
      ticketTypeIds: chosen,
    };
    const checked = CapacityPoolInputSchema.safeParse(input);
    if (!checked.success) {
      const errs: PoolErrors = {};
      for (const issue of checked.error.issues) {
        const field = fieldOf(String(issue.path[0] ?? ''));
        if (field) errs[field] ??= issue.message;
      }
      show(errs);
      return;
    }
    setErrors({});
    save.mutate(
      { id: pool?.id ?? null, input: checked.data },
      {
        onSuccess: (saved) => {
          const savedName = saved.name;
          toast.success(pool ? t`${savedName} saved` : t`${savedName} added`);
          onDone();
        },
        onError: (error) => {
          const fromServer: PoolErrors = {};
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            const mine = fieldOf(field);
            if (mine) fromServer[mine] ??= message;
          }
          if (Object.keys(fromServer).length) show(fromServer);
          else setFailure(errorMessage(error, t`The capacity pool could not be saved.`));
        },
      },
    );
  }

  const toggle = (typeId: string, on: boolean) =>
    setChosen((list) => (on ? [...list, typeId] : list.filter((x) => x !== typeId)));
  const typesError = errors.ticketTypeIds;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <Field id={`${id}-name`} label={t`Name`} error={errors.name}>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
          placeholder={t`Main hall`}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy(`${id}-name`, { error: errors.name })}
        />
      </Field>
      <Field
        id={`${id}-capacity`}
        label={t`Capacity`}
        hint={t`Places across all the chosen ticket types together.`}
        error={errors.capacity}
      >
        <Input
          id={`${id}-capacity`}
          type="number"
          inputMode="numeric"
          min={1}
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
          aria-invalid={Boolean(errors.capacity)}
          aria-describedby={describedBy(`${id}-capacity`, {
            hint: true,
            error: errors.capacity,
          })}
        />
      </Field>
      <fieldset
        id={`${id}-ticketTypeIds`}
        tabIndex={-1}
        aria-describedby={typesError ? `${id}-ticketTypeIds-error` : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-1 text-sm font-medium">
          <Trans>Ticket types and products in this pool</Trans>
        </legend>
        {ticketTypes.map((type) => (
          <label key={type.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(type.id)}
              onChange={(e) => toggle(type.id, e.target.checked)}
            />
            <span>{type.name}</span>
          </label>
        ))}
        {typesError ? (
          <p id={`${id}-ticketTypeIds-error`} className="text-sm font-medium text-destructive">
            {say(typesError)}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : pool ? t`Save changes` : t`Add capacity pool`}
        </Button>
      </div>
    </form>
  );
}
