import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
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
import {
  CheckboxGroupField,
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSaveCapacityPool } from './capacity-api';

interface PoolValues {
  name: string;
  capacity: string;
  ticketTypeIds: string[];
}
const FIELDS = ['name', 'capacity', 'ticketTypeIds'] as const;

/** The form's values → the API body (an empty capacity is no number, which the schema refuses). */
const toInput = (values: PoolValues): CapacityPoolInput => ({
  name: values.name,
  capacity: values.capacity.trim() ? Number(values.capacity) : NaN,
  ticketTypeIds: values.ticketTypeIds,
});
const resolver = contractResolver<PoolValues>(CapacityPoolInputSchema, toInput, FIELDS);

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
  const save = useSaveCapacityPool(eventId);
  const form = useForm<PoolValues>({
    defaultValues: {
      name: pool?.name ?? '',
      capacity: pool ? String(pool.capacity) : '',
      ticketTypeIds: pool?.ticketTypeIds ?? [],
    },
    resolver,
  });
  const failure = form.formState.errors.root?.message;

  async function submit(values: PoolValues) {
    try {
      const saved = await save.mutateAsync({
        id: pool?.id ?? null,
        input: CapacityPoolInputSchema.parse(toInput(values)),
      });
      const savedName = saved.name;
      toast.success(pool ? t`${savedName} saved` : t`${savedName} added`);
      onDone();
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), {}), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The capacity pool could not be saved.`),
        });
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <FormField<PoolValues> name="name" label={t`Name`}>
        {(control) => <Input {...control} maxLength={80} placeholder={t`Main hall`} />}
      </FormField>
      <FormField<PoolValues>
        name="capacity"
        label={t`Capacity`}
        hint={t`Places across all the chosen ticket types together.`}
      >
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
      </FormField>
      <CheckboxGroupField<PoolValues>
        name="ticketTypeIds"
        legend={<Trans>Ticket types and products in this pool</Trans>}
        choices={ticketTypes.map((type) => ({ value: type.id, label: type.name }))}
        formatError={say}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : pool ? t`Save changes` : t`Add capacity pool`}
        </Button>
      </div>
    </Form>
  );
}
