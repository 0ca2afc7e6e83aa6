import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Percent } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  PLATFORM_CHARGE_KINDS,
  PlatformTaxKindParamsSchema,
  PlatformTaxRateInputSchema,
  type PlatformChargeKind,
  type AdminPlatformTaxRates,
} from '../../../contracts/taxes';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { platformTaxRatesQuery, useRemovePlatformTaxRate, useSetPlatformTaxRate } from './api';
import { PlatformTaxItemsSection } from './platform-tax-items-section';
import { PlatformTaxRateRow, RemoveRateButton, RemoveRateDialog } from './platform-tax-rate-row';

// The admin console's page for the tax on MEA Events' own charges (decisions 081, 088, 093): a
// rate per kind of charge, and per plan, vendor fee or campaign; the platform's prices include
// it, so a rate never changes a price.

const KIND_LABELS: Record<PlatformChargeKind, MessageDescriptor> = {
  plan: msg`Subscription plans`,
  vendor_fee: msg`Vendor fees`,
  ad_budget: msg`Advertising campaigns`,
};

type Rate = AdminPlatformTaxRates['rates'][number];
interface Draft {
  kind: PlatformChargeKind | '';
  name: string;
  percent: string;
}
const EMPTY: Draft = { kind: '', name: '', percent: '' };
const DRAFT_FIELDS = ['kind', 'name', 'percent'] as const;
// The kind is the URL's, checked by the route's params schema; name and percentage the body's.
const DraftSchema = PlatformTaxRateInputSchema.extend({
  kind: PlatformTaxKindParamsSchema.shape.kind,
});
const draftResolver = contractResolver<Draft>(DraftSchema, (draft) => draft, DRAFT_FIELDS);

/** Not in spec §2: /admin/platform-taxes, the tax rate of each kind of MEA Events' charges. */
export function AdminPlatformTaxesPage() {
  const { t } = useLingui();
  const rates = useQuery(platformTaxRatesQuery);
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Tax on MEA Events' charges`}
        description={t`The tax inside the price of each kind of charge MEA Events makes to organizers and vendors. Prices stay as they are; a change applies to new charges, and charges already made keep their tax.`}
      />
      {rates.isPending ? (
        <Spinner label={t`Loading tax rates`} />
      ) : rates.isError ? (
        <LoadFailed
          title={t`The tax rates could not be loaded`}
          error={rates.error}
          onRetry={() => void rates.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-10">
          <PlatformTaxes rates={rates.data.rates} />
          <PlatformTaxItemsSection items={rates.data.items} />
        </div>
      )}
    </PageBody>
  );
}

function PlatformTaxes({ rates }: { rates: Rate[] }) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const save = useSetPlatformTaxRate();
  const remove = useRemovePlatformTaxRate();
  const form = useForm<Draft>({ defaultValues: EMPTY, resolver: draftResolver });
  const [editing, setEditing] = useState<PlatformChargeKind | null>(null);
  const [removing, setRemoving] = useState<PlatformChargeKind | null>(null);
  const byKind = new Map(rates.map((rate) => [rate.kind, rate]));
  const free = PLATFORM_CHARGE_KINDS.filter((kind) => !byKind.has(kind));
  const failure = form.formState.errors.root?.message;
  const label = (kind: PlatformChargeKind) => i18n._(KIND_LABELS[kind]);

  const reset = () => {
    form.reset(EMPTY);
    setEditing(null);
  };
  const open = (kind: PlatformChargeKind) => {
    const rate = byKind.get(kind);
    form.reset({ kind, name: rate?.name ?? '', percent: rate?.percent ?? '' });
    setEditing(rate ? kind : null);
    // The form is below the list: the person goes on typing where the rate is written.
    requestAnimationFrame(() => form.setFocus('name'));
  };

  async function submit(draft: Draft) {
    const kind = draft.kind as PlatformChargeKind;
    try {
      await save.mutateAsync({
        kind,
        input: { name: draft.name.trim(), percent: draft.percent.trim() },
      });
      const kindName = label(kind);
      toast.success(t`Tax rate of ${kindName} saved`);
      reset();
    } catch (error) {
      const fields = renameFields(fieldErrors(error), { params: 'kind' });
      if (!setServerErrors(form, fields, DRAFT_FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The tax rate could not be saved.`),
        });
    }
  }

  const removed = removing;
  const editingName = editing ? label(editing) : '';
  return (
    <div className="flex flex-col gap-8">
      {rates.length === 0 ? (
        <EmptyState icon={Percent} title={t`No tax on MEA Events' charges yet`}>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Subscription plans, vendor fees and advertising campaigns are charged without tax. Add
              a rate below.
            </Trans>
          </p>
        </EmptyState>
      ) : null}
      <ul
        aria-label={t`Tax rates by kind of charge`}
        className="flex flex-col divide-y divide-border rounded-lg border border-border"
      >
        {PLATFORM_CHARGE_KINDS.map((kind) => {
          const rate = byKind.get(kind);
          const kindName = label(kind);
          const rateName = rate?.name ?? '';
          const ratePercent = rate?.percent ?? '';
          return (
            <PlatformTaxRateRow
              key={kind}
              title={kindName}
              detail={
                rate ? (
                  <Trans>
                    {rateName}, {ratePercent} % included
                  </Trans>
                ) : (
                  <Trans>No tax</Trans>
                )
              }
            >
              {rate ? (
                <>
                  <Button size="sm" variant="outline" onClick={() => open(kind)}>
                    <Trans>
                      Edit<span className="sr-only"> the rate of {kindName}</span>
                    </Trans>
                  </Button>
                  <RemoveRateButton
                    name={kindName}
                    onClick={() => {
                      remove.reset();
                      setRemoving(kind);
                    }}
                  />
                </>
              ) : (
                <Button size="sm" variant="outline" onClick={() => open(kind)}>
                  <Trans>
                    Add a rate<span className="sr-only"> for {kindName}</span>
                  </Trans>
                </Button>
              )}
            </PlatformTaxRateRow>
          );
        })}
      </ul>

      {editing || free.length > 0 ? (
        <Form
          form={form}
          onSubmit={submit}
          aria-labelledby="platform-tax-form-heading"
          className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
        >
          <h2 id="platform-tax-form-heading" className="text-lg font-semibold">
            {editingName ? t`Edit the rate of ${editingName}` : t`Add a rate`}
          </h2>
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <div className="grid gap-4 md:grid-cols-[2fr_2fr_1fr]">
            {editing ? null : (
              <FormField<Draft> name="kind" label={t`Kind of charge`} formatError={say}>
                {(control) => (
                  <Select {...control}>
                    <option value="">{t`Choose…`}</option>
                    {free.map((kind) => (
                      <option key={kind} value={kind}>
                        {label(kind)}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            )}
            <FormField<Draft>
              name="name"
              label={t`Name on invoices`}
              hint={t`e.g. VAT`}
              formatError={say}
            >
              {(control) => <Input {...control} maxLength={80} />}
            </FormField>
            <FormField<Draft>
              name="percent"
              label={t`Percentage`}
              hint={t`Up to 3 decimals, e.g. 8.875`}
              formatError={say}
            >
              {(control) => <Input {...control} inputMode="decimal" />}
            </FormField>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {editing ? t`Save rate` : t`Add rate`}
            </Button>
            {editing ? (
              <Button variant="ghost" onClick={reset}>
                <Trans>Cancel</Trans>
              </Button>
            ) : null}
          </div>
        </Form>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Every kind of charge has a rate: edit or remove one above.</Trans>
        </p>
      )}

      <RemoveRateDialog
        removing={removed ? label(removed) : null}
        description={t`From now on these charges are made without tax. Charges already made keep their tax and their invoices.`}
        removal={remove}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removed) return;
          remove.mutate(removed, {
            onSuccess: () => {
              const kindName = label(removed);
              toast.success(t`Tax rate of ${kindName} removed`);
              setRemoving(null);
              if (editing === removed) reset();
            },
          });
        }}
      />
    </div>
  );
}
