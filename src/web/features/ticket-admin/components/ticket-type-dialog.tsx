import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import {
  CURRENCIES,
  type Currency,
  type ManagedTicketType,
  type TicketTypeInput,
} from '../../../../contracts/tickets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Form, FormField, setServerErrors } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { withPricingLink } from '../../../components/pricing-link';
import { useSaveTicketType } from '../api';
import {
  emptyTicketTypeForm,
  ticketTypeFieldFor,
  ticketTypeToForm,
  validateTicketTypeForm,
  type TicketTypeFormValues,
} from '../ticket-type-form';

/** Create (no `type`) or edit a ticket type with every TicketTypeInput field. */
export function TicketTypeDialog({
  eventId,
  type,
  defaultCurrency,
  open,
  onOpenChange,
}: {
  eventId: string;
  type: ManagedTicketType | null;
  defaultCurrency: Currency;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const typeName = type?.name;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={type ? t`Edit ${typeName}` : t`New ticket type`}
      description={t`Prices are per ticket. Leave the sales window empty to sell until the event.`}
    >
      {/* Re-mounted per opening so the form starts from the chosen type. */}
      {open ? (
        <TicketTypeForm
          eventId={eventId}
          type={type}
          defaultCurrency={defaultCurrency}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

type Values = TicketTypeFormValues;

const FIELDS = Object.keys(emptyTicketTypeForm()) as (keyof Values)[];

// validateTicketTypeForm checks the typed values with the contract (texts in the page's language)
// and builds the body, which is what the submit handler gets.
const resolver: Resolver<Values, unknown, TicketTypeInput> = (values) => {
  const result = validateTicketTypeForm(values);
  if (result.ok) return { values: result.input, errors: {} };
  const errors: FieldErrors<Values> = {};
  for (const [name, message] of Object.entries(result.errors))
    errors[name as keyof Values] = { type: 'validate', message };
  return { values: {}, errors };
};

function TicketTypeForm({
  eventId,
  type,
  defaultCurrency,
  onDone,
}: {
  eventId: string;
  type: ManagedTicketType | null;
  defaultCurrency: Currency;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const save = useSaveTicketType(eventId);
  const form = useForm<Values, unknown, TicketTypeInput>({
    defaultValues: type ? ticketTypeToForm(type) : emptyTicketTypeForm(defaultCurrency),
    resolver,
  });
  const failure = form.formState.errors.root?.message;

  async function submit(input: TicketTypeInput) {
    try {
      const saved = await save.mutateAsync({ id: type?.id ?? null, input });
      const name = saved.name;
      toast.success(type ? t`${name} saved` : t`${name} added`);
      onDone();
    } catch (error) {
      const fromServer: Record<string, string> = {};
      for (const [path, message] of Object.entries(fieldErrors(error))) {
        const field = ticketTypeFieldFor(path);
        if (field) fromServer[field] ??= message;
      }
      if (!setServerErrors(form, fromServer, FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The ticket type could not be saved.`),
        });
    }
  }

  // A plan limit on the quantity links to /pricing (spec §6).
  const field = (name: keyof Values, label: string, hint?: string) => ({
    name,
    label,
    hint,
    formatError: withPricingLink,
  });

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      {failure ? <Alert variant="destructive">{withPricingLink(failure)}</Alert> : null}
      <FormField<Values> {...field('name', t`Name`)}>
        {(control) => <Input {...control} maxLength={80} placeholder={t`General admission`} />}
      </FormField>
      <FormField<Values> {...field('description', t`Description (optional)`)}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={500}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<Values> {...field('price', t`Price`, t`0 makes it free`)}>
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
        <FormField<Values> {...field('currency', t`Currency`)}>
          {(control) => (
            <Select {...control}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<Values> {...field('quantity', t`Tickets available`)}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
        </FormField>
        <FormField<Values> {...field('maxPerPerson', t`Most per person (optional)`)}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
        </FormField>
        <FormField<Values> {...field('minPerOrder', t`Least per order`)}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
        </FormField>
        <FormField<Values> {...field('maxPerOrder', t`Most per order`)}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
        </FormField>
        <FormField<Values> {...field('salesStart', t`Sales start (optional)`)}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField<Values> {...field('salesEnd', t`Sales end (optional)`)}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField<Values>
          {...field(
            'validFrom',
            t`Valid from (optional)`,
            t`Before this, the door reads "Not yet valid".`,
          )}
        >
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
      </div>
      <FormField<Values>
        {...field(
          'unlockCode',
          t`Unlock code (optional)`,
          t`When set, buyers see this type only after entering the code.`,
        )}
      >
        {(control) => <Input {...control} maxLength={40} autoComplete="off" />}
      </FormField>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('isHidden')} />
        <Trans>Hidden: not offered to buyers</Trans>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : type ? t`Save changes` : t`Add ticket type`}
        </Button>
      </div>
    </Form>
  );
}
