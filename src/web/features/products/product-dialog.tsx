import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toNestErrors } from '@hookform/resolvers';
import {
  get,
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { toast } from 'sonner';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_MAX_VARIATIONS,
  ProductInputSchema,
  type ManagedProduct,
  type ProductCategory,
} from '../../../contracts/products';
import { CURRENCIES, type Currency } from '../../../contracts/tickets';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, FormField } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSaveProduct } from './api';
import {
  emptyProductForm,
  emptyVariation,
  formToInput,
  productFieldPath,
  productToForm,
  type AddOnValues,
  type ProductFormValues,
} from './product-form';

export const CATEGORY_LABELS: Record<ProductCategory, MessageDescriptor> = {
  merchandise: msg`Merchandise`,
  parking: msg`Parking`,
  meal: msg`Meal`,
  workshop: msg`Workshop seat`,
  other: msg`Other`,
};

/** Create (no `product`) or edit a product with its variations and add-on rules. */
export function ProductDialog({
  eventId,
  product,
  ticketTypes,
  defaultCurrency,
  open,
  onOpenChange,
}: {
  eventId: string;
  product: ManagedProduct | null;
  ticketTypes: { id: string; name: string }[];
  defaultCurrency: Currency;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const productName = product?.name;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? t`Edit ${productName}` : t`New product`}
      description={t`Sell merchandise, parking, meals or workshop seats on their own or with tickets.`}
    >
      {open ? (
        <ProductForm
          eventId={eventId}
          product={product}
          ticketTypes={ticketTypes}
          defaultCurrency={defaultCurrency}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

type Path = FieldPath<ProductFormValues>;

/** The contract's checks of the body the form sends, each on the field it names. */
const resolver: Resolver<ProductFormValues> = (values, _context, options) => {
  const parsed = ProductInputSchema.safeParse(formToInput(values));
  if (parsed.success) return { values, errors: {} };
  const flat: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const path = productFieldPath(issue.path.join('.'), values) ?? 'root';
    flat[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) as FieldErrors<ProductFormValues> };
};

/** The form's fields in reading order: the first bad one is focused. */
const readingOrder = (values: ProductFormValues, ticketTypes: { id: string }[]): Path[] => [
  'name',
  'description',
  'category',
  'price',
  'currency',
  'maxPerOrder',
  ...values.variations.flatMap(
    (_, i) =>
      [`variations.${i}.label`, `variations.${i}.quantity`, `variations.${i}.price`] as const,
  ),
  ...ticketTypes.flatMap((type) => [`addOns.${type.id}.min`, `addOns.${type.id}.max`] as const),
];

function ProductForm({
  eventId,
  product,
  ticketTypes,
  defaultCurrency,
  onDone,
}: {
  eventId: string;
  product: ManagedProduct | null;
  ticketTypes: { id: string; name: string }[];
  defaultCurrency: Currency;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const save = useSaveProduct(eventId);
  const [defaults] = useState(() => {
    const values = product ? productToForm(product) : emptyProductForm(defaultCurrency);
    // Every ticket type has a rule, off unless chosen; only the chosen ones are sent.
    const off: AddOnValues = { enabled: false, min: '0', max: '1' };
    const addOns = Object.fromEntries(ticketTypes.map((type) => [type.id, off]));
    return { ...values, addOns: { ...addOns, ...values.addOns } };
  });
  const form = useForm<ProductFormValues>({
    defaultValues: defaults,
    resolver,
    // Focus follows the reading order, not the order the fields were registered in.
    shouldFocusError: false,
  });
  const variations = useFieldArray({ control: form.control, name: 'variations', keyName: 'key' });
  const addOns = useWatch({ control: form.control, name: 'addOns' });
  const { errors } = form.formState;
  const failure = errors.root?.message;
  const listError = (name: 'variations' | 'addOns') =>
    (get(errors, `${name}.root.message`) as string | undefined) ?? undefined;

  function focusFirst() {
    const first = readingOrder(form.getValues(), ticketTypes).find((path) =>
      get(form.formState.errors, path),
    );
    if (first) form.setFocus(first);
  }

  async function submit(values: ProductFormValues) {
    try {
      const saved = await save.mutateAsync({ id: product?.id ?? null, input: formToInput(values) });
      const name = saved.name;
      toast.success(product ? t`${name} saved` : t`${name} added`);
      onDone();
    } catch (error) {
      const order: string[] = readingOrder(values, ticketTypes);
      const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
      const fromServer = Object.entries(fieldErrors(error))
        .map(([path, message]) => [productFieldPath(path, values), message] as const)
        .filter((entry): entry is [string, string] => entry[0] !== null)
        .sort(([a], [b]) => rank(a) - rank(b));
      fromServer.forEach(([path, message], i) =>
        form.setError(path as Path, { type: 'server', message }, { shouldFocus: i === 0 }),
      );
      if (!fromServer.length)
        form.setError('root', { message: errorMessage(error, t`The product could not be saved.`) });
    }
  }

  return (
    <Form form={form} onSubmit={submit} onInvalid={focusFirst} className="flex flex-col gap-4">
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <FormField<ProductFormValues> name="name" label={t`Name`} formatError={say}>
        {(control) => <Input {...control} maxLength={80} placeholder={t`T-shirt`} />}
      </FormField>
      <FormField<ProductFormValues>
        name="description"
        label={t`Description (optional)`}
        formatError={say}
      >
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
        <FormField<ProductFormValues> name="category" label={t`Kind`} formatError={say}>
          {(control) => (
            <Select {...control}>
              {PRODUCT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {i18n._(CATEGORY_LABELS[c])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<ProductFormValues> name="price" label={t`Price`} formatError={say}>
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
        <FormField<ProductFormValues> name="currency" label={t`Currency`} formatError={say}>
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
        <FormField<ProductFormValues>
          name="maxPerOrder"
          label={t`Most per order`}
          formatError={say}
        >
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('soldAlone')} />
        <Trans>Sold alone: buyers may get it without a ticket</Trans>
      </label>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Variations and stock</Trans>
        </legend>
        <p className="text-xs text-muted-foreground">
          <Trans>
            Leave the name empty for a product without variations. An empty price uses the
            product&apos;s price.
          </Trans>
        </p>
        {listError('variations') ? (
          <p className="text-sm font-medium text-destructive">
            {say(listError('variations') ?? '')}
          </p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {variations.fields.map((variation, index) => {
            const n = index + 1;
            return (
              <li
                key={variation.key}
                className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_7rem_7rem_auto]"
              >
                <FormField<ProductFormValues>
                  name={`variations.${index}.label`}
                  label={t`Variation ${n}`}
                  formatError={say}
                >
                  {(control) => (
                    <Input {...control} maxLength={40} placeholder={t`For example: M`} />
                  )}
                </FormField>
                <FormField<ProductFormValues>
                  name={`variations.${index}.quantity`}
                  label={t`Stock`}
                  formatError={say}
                >
                  {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
                </FormField>
                <FormField<ProductFormValues>
                  name={`variations.${index}.price`}
                  label={t`Own price`}
                  formatError={say}
                >
                  {(control) => <Input {...control} inputMode="decimal" />}
                </FormField>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Remove variation ${n}`}
                  disabled={variations.fields.length === 1}
                  onClick={() => variations.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={variations.fields.length >= PRODUCT_MAX_VARIATIONS}
          onClick={() => variations.append(emptyVariation())}
        >
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add variation</Trans>
        </Button>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Offer with tickets</Trans>
        </legend>
        {listError('addOns') ? (
          <p className="text-sm font-medium text-destructive">{say(listError('addOns') ?? '')}</p>
        ) : null}
        {ticketTypes.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Add a ticket type first to offer this product with it.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {ticketTypes.map((type) => {
              const typeName = type.name;
              return (
                <li key={type.id} className="flex flex-col gap-2">
                  <label className="flex items-center gap-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      {...form.register(`addOns.${type.id}.enabled`)}
                    />
                    <Trans>Add-on to {typeName}</Trans>
                  </label>
                  {addOns[type.id]?.enabled ? (
                    <div className="grid grid-cols-2 gap-2 ps-6 sm:max-w-xs">
                      <FormField<ProductFormValues>
                        name={`addOns.${type.id}.min`}
                        label={t`Least per ticket`}
                        formatError={say}
                      >
                        {(control) => (
                          <Input {...control} type="number" inputMode="numeric" min={0} />
                        )}
                      </FormField>
                      <FormField<ProductFormValues>
                        name={`addOns.${type.id}.max`}
                        label={t`Most per ticket`}
                        formatError={say}
                      >
                        {(control) => (
                          <Input {...control} type="number" inputMode="numeric" min={1} />
                        )}
                      </FormField>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : product ? t`Save changes` : t`Add product`}
        </Button>
      </div>
    </Form>
  );
}
