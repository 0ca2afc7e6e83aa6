import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  PLATFORM_CHARGE_KINDS,
  PLATFORM_ITEM_MESSAGES,
  PLATFORM_TAX_MESSAGES,
  PlatformTaxRateInputSchema,
  type AdminPlatformTaxRates,
  type PlatformChargeKind,
} from '../../../contracts/taxes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import {
  platformTaxItemChoicesQuery,
  useRemovePlatformTaxItemRate,
  useSetPlatformTaxItemRate,
} from './api';
import { PlatformTaxRateRow, RemoveRateButton, RemoveRateDialog } from './platform-tax-rate-row';

// The rates of single plans, events' vendor fees and campaigns, in place of their kind's rate
// (decision 093): listed with Remove, and a form to add one, below the kinds' rates.

type Item = AdminPlatformTaxRates['items'][number];
type Draft = {
  kind: PlatformChargeKind | '';
  search: string;
  itemId: string;
  name: string;
  percent: string;
};
const EMPTY: Draft = { kind: '', search: '', itemId: '', name: '', percent: '' };
const IDS = {
  kind: 'platform-item-kind',
  search: 'platform-item-search',
  itemId: 'platform-item-id',
  name: 'platform-item-name',
  percent: 'platform-item-percent',
} as const;
type Checked = Partial<Record<'kind' | 'itemId' | 'name' | 'percent', string>>;

const ITEM_KIND_LABELS: Record<PlatformChargeKind, MessageDescriptor> = {
  plan: msg`Subscription plan`,
  vendor_fee: msg`Vendor fee of an event`,
  ad_budget: msg`Advertising campaign`,
};

function checkDraft(draft: Draft): Checked {
  const errors: Checked = {};
  if (!draft.kind) errors.kind = PLATFORM_TAX_MESSAGES.kind;
  else if (!draft.itemId) errors.itemId = PLATFORM_ITEM_MESSAGES.item;
  const parsed = PlatformTaxRateInputSchema.safeParse({ name: draft.name, percent: draft.percent });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'name' || field === 'percent') && !errors[field])
        errors[field] = issue.message;
    }
  return errors;
}

export function PlatformTaxItemsSection({ items }: { items: Item[] }) {
  const { t, i18n } = useLingui();
  const save = useSetPlatformTaxItemRate();
  const remove = useRemovePlatformTaxItemRate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [checked, setChecked] = useState<Checked>({});
  const [removing, setRemoving] = useState<Item | null>(null);
  const choices = useQuery({
    ...platformTaxItemChoicesQuery(draft.kind || 'plan', draft.search.trim()),
    enabled: draft.kind !== '',
    placeholderData: keepPreviousData,
  });
  const sent = fieldErrors(save.error);
  const errors = {
    kind: checked.kind ?? sent['params.kind'],
    itemId: checked.itemId ?? sent['params.itemId'],
    name: checked.name ?? sent.name,
    percent: checked.percent ?? sent.percent,
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = checkDraft(draft);
    setChecked(refused);
    const first = (['kind', 'itemId', 'name', 'percent'] as const).find((key) => refused[key]);
    if (first) {
      document.getElementById(IDS[first])?.focus();
      return;
    }
    const label = choices.data?.items.find((c) => c.id === draft.itemId)?.label ?? '';
    save.mutate(
      {
        kind: draft.kind as PlatformChargeKind,
        itemId: draft.itemId,
        input: { name: draft.name.trim(), percent: draft.percent.trim() },
      },
      {
        onSuccess: () => {
          toast.success(t`Tax rate of ${label} saved`);
          setDraft(EMPTY);
          setChecked({});
        },
      },
    );
  }

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

      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="platform-item-form-heading"
        className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
      >
        <h3 id="platform-item-form-heading" className="font-semibold">
          <Trans>Give one item its own rate</Trans>
        </h3>
        {save.isError && !Object.keys(sent).length ? (
          <Alert variant="destructive">
            {errorMessage(save.error, t`The tax rate could not be saved.`)}
          </Alert>
        ) : null}
        <div className="grid gap-4 md:grid-cols-3">
          <Field id={IDS.kind} label={t`Charged for`} error={errors.kind}>
            <Select
              id={IDS.kind}
              value={draft.kind}
              aria-invalid={Boolean(errors.kind)}
              aria-describedby={describedBy(IDS.kind, { error: errors.kind })}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  kind: e.target.value as Draft['kind'],
                  itemId: '',
                  search: '',
                }))
              }
            >
              <option value="">{t`Choose…`}</option>
              {PLATFORM_CHARGE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {i18n._(ITEM_KIND_LABELS[kind])}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id={IDS.search}
            label={t`Find by name`}
            hint={t`Words of the plan's name, the event's title or the campaign's headline`}
          >
            <Input
              id={IDS.search}
              type="search"
              value={draft.search}
              disabled={!draft.kind}
              maxLength={100}
              aria-describedby={describedBy(IDS.search, { hint: true })}
              onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value, itemId: '' }))}
            />
          </Field>
          <Field id={IDS.itemId} label={t`Plan, event or campaign`} error={errors.itemId}>
            <Select
              id={IDS.itemId}
              value={draft.itemId}
              disabled={!draft.kind}
              aria-invalid={Boolean(errors.itemId)}
              aria-describedby={describedBy(IDS.itemId, { error: errors.itemId })}
              onChange={(e) => set('itemId', e.target.value)}
            >
              <option value="">
                {choices.isFetching
                  ? t`Loading…`
                  : choices.data?.items.length === 0
                    ? t`Nothing found`
                    : t`Choose…`}
              </option>
              {(draft.kind ? (choices.data?.items ?? []) : []).map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id={IDS.name}
            label={t`Tax name on invoices`}
            hint={t`e.g. Reduced VAT`}
            error={errors.name}
          >
            <Input
              id={IDS.name}
              value={draft.name}
              maxLength={80}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={describedBy(IDS.name, { hint: true, error: errors.name })}
              onChange={(e) => set('name', e.target.value)}
            />
          </Field>
          <Field
            id={IDS.percent}
            label={t`Its rate in %`}
            hint={t`0 for no tax; up to 3 decimals`}
            error={errors.percent}
          >
            <Input
              id={IDS.percent}
              value={draft.percent}
              inputMode="decimal"
              aria-invalid={Boolean(errors.percent)}
              aria-describedby={describedBy(IDS.percent, { hint: true, error: errors.percent })}
              onChange={(e) => set('percent', e.target.value)}
            />
          </Field>
        </div>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          <Trans>Add this rate</Trans>
        </Button>
      </form>

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
