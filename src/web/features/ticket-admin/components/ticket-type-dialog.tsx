import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CURRENCIES, type Currency, type ManagedTicketType } from '../../../../contracts/tickets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
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
  type TicketTypeErrors,
  type TicketTypeField,
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
  const id = useId();
  const save = useSaveTicketType(eventId);
  const [values, setValues] = useState<TicketTypeFormValues>(() =>
    type ? ticketTypeToForm(type) : emptyTicketTypeForm(defaultCurrency),
  );
  const [errors, setErrors] = useState<TicketTypeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function focusFirst(errs: TicketTypeErrors) {
    const first = Object.keys(errs)[0];
    if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const result = validateTicketTypeForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirst(result.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: type?.id ?? null, input: result.input },
      {
        onSuccess: (saved) => {
          const name = saved.name;
          toast.success(type ? t`${name} saved` : t`${name} added`);
          onDone();
        },
        onError: (error) => {
          const fromServer: TicketTypeErrors = {};
          for (const [name, message] of Object.entries(fieldErrors(error))) {
            const field = ticketTypeFieldFor(name);
            if (field) fromServer[field] ??= message;
          }
          setErrors(fromServer);
          if (Object.keys(fromServer).length) focusFirst(fromServer);
          else setFailure(errorMessage(error, t`The ticket type could not be saved.`));
        },
      },
    );
  }

  const set =
    (name: TicketTypeField) =>
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const t = e.target;
      const value = t instanceof HTMLInputElement && t.type === 'checkbox' ? t.checked : t.value;
      setValues((v) => ({ ...v, [name]: value }));
    };
  const text = (name: TicketTypeField, hint = false) => ({
    id: `${id}-${name}`,
    name,
    value: values[name] as string,
    onChange: set(name),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, { hint, error: errors[name] }),
  });
  const field = (name: TicketTypeField, label: string, hint?: string) => ({
    id: `${id}-${name}`,
    label,
    hint,
    // A plan limit on the quantity links to /pricing (spec §6).
    error: withPricingLink(errors[name]),
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure ? <Alert variant="destructive">{withPricingLink(failure)}</Alert> : null}
      <Field {...field('name', t`Name`)}>
        <Input {...text('name')} maxLength={80} placeholder={t`General admission`} />
      </Field>
      <Field {...field('description', t`Description (optional)`)}>
        <textarea
          {...text('description')}
          rows={2}
          maxLength={500}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field('price', t`Price`, t`0 makes it free`)}>
          <Input {...text('price', true)} inputMode="decimal" />
        </Field>
        <Field {...field('currency', t`Currency`)}>
          <Select {...text('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field {...field('quantity', t`Tickets available`)}>
          <Input {...text('quantity')} type="number" inputMode="numeric" min={1} />
        </Field>
        <Field {...field('maxPerPerson', t`Most per person (optional)`)}>
          <Input {...text('maxPerPerson')} type="number" inputMode="numeric" min={1} />
        </Field>
        <Field {...field('minPerOrder', t`Least per order`)}>
          <Input {...text('minPerOrder')} type="number" inputMode="numeric" min={1} />
        </Field>
        <Field {...field('maxPerOrder', t`Most per order`)}>
          <Input {...text('maxPerOrder')} type="number" inputMode="numeric" min={1} />
        </Field>
        <Field {...field('salesStart', t`Sales start (optional)`)}>
          <Input {...text('salesStart')} type="datetime-local" />
        </Field>
        <Field {...field('salesEnd', t`Sales end (optional)`)}>
          <Input {...text('salesEnd')} type="datetime-local" />
        </Field>
      </div>
      <Field
        {...field(
          'unlockCode',
          t`Unlock code (optional)`,
          t`When set, buyers see this type only after entering the code.`,
        )}
      >
        <Input {...text('unlockCode', true)} maxLength={40} autoComplete="off" />
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          id={`${id}-isHidden`}
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.isHidden}
          onChange={set('isHidden')}
        />
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
    </form>
  );
}
