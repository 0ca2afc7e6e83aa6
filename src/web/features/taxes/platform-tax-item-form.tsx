import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import {
  PLATFORM_CHARGE_KINDS,
  PlatformTaxItemParamsSchema,
  PlatformTaxRateInputSchema,
  type PlatformChargeKind,
} from '../../../contracts/taxes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { platformTaxItemChoicesQuery, useSetPlatformTaxItemRate } from './api';

export const ITEM_KIND_LABELS: Record<PlatformChargeKind, MessageDescriptor> = {
  plan: msg`Subscription plan`,
  vendor_fee: msg`Vendor fee of an event`,
  ad_budget: msg`Advertising campaign`,
};

interface Draft {
  kind: PlatformChargeKind | '';
  search: string;
  itemId: string;
  name: string;
  percent: string;
}
const EMPTY: Draft = { kind: '', search: '', itemId: '', name: '', percent: '' };
const FIELDS = ['kind', 'itemId', 'name', 'percent'] as const;
// Kind and item are the URL's, checked by the route's params schema; name and percentage the
// body's.
const DraftSchema = PlatformTaxRateInputSchema.extend(PlatformTaxItemParamsSchema.shape);
const contractCheck = contractResolver<Draft>(DraftSchema, (draft) => draft, FIELDS);
// As before, the item is asked for only once its kind is chosen.
const draftResolver: Resolver<Draft> = async (values, context, options) => {
  const result = await contractCheck(values, context, options);
  if (!values.kind) delete (result.errors as Partial<Record<keyof Draft, unknown>>).itemId;
  return result;
};
// The server names the URL's parts `params.kind` and `params.itemId`.
const draftFields = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [path.replace(/^params\./, ''), message]),
  );

/** The admin gives one plan, event's vendor fee or campaign its own rate. */
export function PlatformTaxItemForm() {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const save = useSetPlatformTaxItemRate();
  const form = useForm<Draft>({ defaultValues: EMPTY, resolver: draftResolver });
  const [kind, search] = form.watch(['kind', 'search']);
  const choices = useQuery({
    ...platformTaxItemChoicesQuery(kind || 'plan', search.trim()),
    enabled: kind !== '',
    placeholderData: keepPreviousData,
  });
  const failure = form.formState.errors.root?.message;

  async function submit(draft: Draft) {
    const label = choices.data?.items.find((c) => c.id === draft.itemId)?.label ?? '';
    try {
      await save.mutateAsync({
        kind: draft.kind as PlatformChargeKind,
        itemId: draft.itemId,
        input: { name: draft.name.trim(), percent: draft.percent.trim() },
      });
      toast.success(t`Tax rate of ${label} saved`);
      form.reset(EMPTY);
    } catch (error) {
      if (!setServerErrors(form, draftFields(fieldErrors(error)), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The tax rate could not be saved.`),
        });
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-labelledby="platform-item-form-heading"
      className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
    >
      <h3 id="platform-item-form-heading" className="font-semibold">
        <Trans>Give one item its own rate</Trans>
      </h3>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <FormField<Draft> name="kind" label={t`Charged for`} formatError={say}>
          {(control) => (
            <Select
              {...control}
              onChange={(e) => {
                control.onChange(e);
                form.setValue('itemId', '');
                form.setValue('search', '');
              }}
            >
              <option value="">{t`Choose…`}</option>
              {PLATFORM_CHARGE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {i18n._(ITEM_KIND_LABELS[k])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<Draft>
          name="search"
          label={t`Find by name`}
          hint={t`Words of the plan's name, the event's title or the campaign's headline`}
        >
          {(control) => (
            <Input
              {...control}
              type="search"
              disabled={!kind}
              maxLength={100}
              onChange={(e) => {
                control.onChange(e);
                form.setValue('itemId', '');
              }}
            />
          )}
        </FormField>
        <FormField<Draft> name="itemId" label={t`Plan, event or campaign`} formatError={say}>
          {(control) => (
            <Select {...control} disabled={!kind}>
              <option value="">
                {choices.isFetching
                  ? t`Loading…`
                  : choices.data?.items.length === 0
                    ? t`Nothing found`
                    : t`Choose…`}
              </option>
              {(kind ? (choices.data?.items ?? []) : []).map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<Draft>
          name="name"
          label={t`Tax name on invoices`}
          hint={t`e.g. Reduced VAT`}
          formatError={say}
        >
          {(control) => <Input {...control} maxLength={80} />}
        </FormField>
        <FormField<Draft>
          name="percent"
          label={t`Its rate in %`}
          hint={t`0 for no tax; up to 3 decimals`}
          formatError={say}
        >
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
      </div>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        <Trans>Add this rate</Trans>
      </Button>
    </Form>
  );
}
