import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_MAX_VARIATIONS,
  type ManagedProduct,
  type ProductCategory,
} from '../../../contracts/products';
import { CURRENCIES, type Currency } from '../../../contracts/tickets';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSaveProduct } from './api';
import {
  emptyProductForm,
  emptyVariation,
  formToInput,
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

/** A server field path ("variations.1.label") as an element id suffix. */
const idOf = (path: string) => path.replace(/\./g, '-');

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
  const id = useId();
  const save = useSaveProduct(eventId);
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : emptyProductForm(defaultCurrency),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const control = (path: string) => ({
    id: `${id}-${idOf(path)}`,
    'aria-invalid': Boolean(errors[path]),
    'aria-describedby': describedBy(`${id}-${idOf(path)}`, { error: errors[path] }),
  });
  const field = (path: string, label: string) => ({
    id: `${id}-${idOf(path)}`,
    label,
    error: errors[path],
  });
  const setVariation = (index: number, change: Partial<ProductFormValues['variations'][number]>) =>
    setValues((v) => ({
      ...v,
      variations: v.variations.map((x, i) => (i === index ? { ...x, ...change } : x)),
    }));
  const setAddOn = (ticketTypeId: string, change: Partial<AddOnValues>) =>
    setValues((v) => ({
      ...v,
      addOns: {
        ...v.addOns,
        [ticketTypeId]: {
          enabled: false,
          min: '0',
          max: '1',
          ...v.addOns[ticketTypeId],
          ...change,
        },
      },
    }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    save.mutate(
      { id: product?.id ?? null, input: formToInput(values) },
      {
        onSuccess: (saved) => {
          const name = saved.name;
          toast.success(product ? t`${name} saved` : t`${name} added`);
          onDone();
        },
        onError: (error) => {
          const fromServer = fieldErrors(error);
          setErrors(fromServer);
          const first = Object.keys(fromServer)[0];
          if (first)
            requestAnimationFrame(() => document.getElementById(`${id}-${idOf(first)}`)?.focus());
          else setFailure(errorMessage(error, t`The product could not be saved.`));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <Field {...field('name', t`Name`)}>
        <Input
          {...control('name')}
          value={values.name}
          maxLength={80}
          placeholder={t`T-shirt`}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        />
      </Field>
      <Field {...field('description', t`Description (optional)`)}>
        <textarea
          {...control('description')}
          rows={2}
          maxLength={500}
          value={values.description}
          onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field('category', t`Kind`)}>
          <Select
            {...control('category')}
            value={values.category}
            onChange={(e) =>
              setValues((v) => ({ ...v, category: e.target.value as ProductCategory }))
            }
          >
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {i18n._(CATEGORY_LABELS[c])}
              </option>
            ))}
          </Select>
        </Field>
        <Field {...field('priceCents', t`Price`)}>
          <Input
            {...control('priceCents')}
            inputMode="decimal"
            value={values.price}
            onChange={(e) => setValues((v) => ({ ...v, price: e.target.value }))}
          />
        </Field>
        <Field {...field('currency', t`Currency`)}>
          <Select
            {...control('currency')}
            value={values.currency}
            onChange={(e) => setValues((v) => ({ ...v, currency: e.target.value as Currency }))}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field {...field('maxPerOrder', t`Most per order`)}>
          <Input
            {...control('maxPerOrder')}
            type="number"
            inputMode="numeric"
            min={1}
            value={values.maxPerOrder}
            onChange={(e) => setValues((v) => ({ ...v, maxPerOrder: e.target.value }))}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.soldAlone}
          onChange={(e) => setValues((v) => ({ ...v, soldAlone: e.target.checked }))}
        />
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
        {errors.variations ? (
          <p className="text-sm font-medium text-destructive">{errors.variations}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {values.variations.map((variation, index) => {
            const n = index + 1;
            return (
              <li
                key={variation.id ?? `new-${index}`}
                className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_7rem_7rem_auto]"
              >
                <Field {...field(`variations.${index}.label`, t`Variation ${n}`)}>
                  <Input
                    {...control(`variations.${index}.label`)}
                    value={variation.label}
                    maxLength={40}
                    placeholder={t`For example: M`}
                    onChange={(e) => setVariation(index, { label: e.target.value })}
                  />
                </Field>
                <Field {...field(`variations.${index}.quantity`, t`Stock`)}>
                  <Input
                    {...control(`variations.${index}.quantity`)}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={variation.quantity}
                    onChange={(e) => setVariation(index, { quantity: e.target.value })}
                  />
                </Field>
                <Field {...field(`variations.${index}.priceCents`, t`Own price`)}>
                  <Input
                    {...control(`variations.${index}.priceCents`)}
                    inputMode="decimal"
                    value={variation.price}
                    onChange={(e) => setVariation(index, { price: e.target.value })}
                  />
                </Field>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Remove variation ${n}`}
                  disabled={values.variations.length === 1}
                  onClick={() =>
                    setValues((v) => ({
                      ...v,
                      variations: v.variations.filter((_, i) => i !== index),
                    }))
                  }
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
          disabled={values.variations.length >= PRODUCT_MAX_VARIATIONS}
          onClick={() =>
            setValues((v) => ({ ...v, variations: [...v.variations, emptyVariation()] }))
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add variation</Trans>
        </Button>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Offer with tickets</Trans>
        </legend>
        {errors.addOns ? (
          <p className="text-sm font-medium text-destructive">{errors.addOns}</p>
        ) : null}
        {ticketTypes.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Add a ticket type first to offer this product with it.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {ticketTypes.map((type) => {
              const index = Object.entries(values.addOns)
                .filter(([, r]) => r.enabled)
                .findIndex(([typeId]) => typeId === type.id);
              const rule = values.addOns[type.id];
              const typeName = type.name;
              return (
                <li key={type.id} className="flex flex-col gap-2">
                  <label className="flex items-center gap-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={Boolean(rule?.enabled)}
                      onChange={(e) => setAddOn(type.id, { enabled: e.target.checked })}
                    />
                    <Trans>Add-on to {typeName}</Trans>
                  </label>
                  {rule?.enabled ? (
                    <div className="grid grid-cols-2 gap-2 ps-6 sm:max-w-xs">
                      <Field {...field(`addOns.${index}.minPerTicket`, t`Least per ticket`)}>
                        <Input
                          {...control(`addOns.${index}.minPerTicket`)}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          value={rule.min}
                          onChange={(e) => setAddOn(type.id, { min: e.target.value })}
                        />
                      </Field>
                      <Field {...field(`addOns.${index}.maxPerTicket`, t`Most per ticket`)}>
                        <Input
                          {...control(`addOns.${index}.maxPerTicket`)}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          value={rule.max}
                          onChange={(e) => setAddOn(type.id, { max: e.target.value })}
                        />
                      </Field>
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
    </form>
  );
}
