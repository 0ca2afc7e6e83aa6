import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  CreateAdCampaignInputSchema,
  PROMO_ACCOUNT_TYPES,
  PROMO_PLACEMENTS,
  PROMO_PRICE_CENTS,
  type CreateAdCampaignInput,
  type PromoPlacement,
  type PromoPricing,
} from '../../../contracts/promotions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { IncludedTax } from '../taxes';
import { checkoutAdCampaign, createAdCampaign, uploadAdCampaignImage } from './api';
import { ACCOUNT_TYPE_LABELS, PLACEMENT_LABELS } from './labels';

/** The inputs as typed: budgets in dollars, local date-times, comma-separated lists. */
export interface CampaignFormValues {
  headline: string;
  body: string;
  image: FileList | null;
  imageAlt: string;
  targetPath: string;
  placement: PromoPlacement;
  startsAt: string;
  endsAt: string;
  daily: string;
  total: string;
  pricing: PromoPricing;
  frequencyCap: string;
  categories: string;
  cities: string;
  accountTypes: string[];
}

const FIELDS = [
  'headline',
  'body',
  'image',
  'imageAlt',
  'targetPath',
  'placement',
  'startsAt',
  'endsAt',
  'daily',
  'total',
  'pricing',
  'frequencyCap',
  'categories',
  'cities',
  'accountTypes',
] as const;

/** The body's names of the fields the form calls otherwise. */
const RENAME = {
  dailyBudgetCents: 'daily',
  totalBudgetCents: 'total',
  targetCategories: 'categories',
  targetCities: 'cities',
  targetAccountTypes: 'accountTypes',
} as const;

const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};
const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
// An empty or unreadable amount is NaN, which the contract refuses with the budget's message.
const cents = (text: string) => (text.trim() ? Math.round(Number(text) * 100) : Number.NaN);
const instant = (local: string) => {
  const date = local ? new Date(local) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
};

export function campaignDefaults(now: Date): CampaignFormValues {
  return {
    headline: '',
    body: '',
    image: null,
    imageAlt: '',
    targetPath: '',
    placement: 'home_billboard',
    startsAt: localInput(now),
    endsAt: localInput(new Date(now.getTime() + 14 * 86_400_000)),
    daily: '10',
    total: '50',
    pricing: 'cpm',
    frequencyCap: '5',
    categories: '',
    cities: '',
    accountTypes: [],
  };
}

export function campaignToInput(values: CampaignFormValues): CreateAdCampaignInput {
  return {
    headline: values.headline,
    body: values.body,
    imageAlt: values.imageAlt,
    targetPath: values.targetPath.trim(),
    placement: values.placement,
    startsAt: instant(values.startsAt),
    endsAt: instant(values.endsAt),
    dailyBudgetCents: cents(values.daily),
    totalBudgetCents: cents(values.total),
    pricing: values.pricing,
    targetCategories: list(values.categories),
    targetCities: list(values.cities),
    targetAccountTypes: values.accountTypes as CreateAdCampaignInput['targetAccountTypes'],
    frequencyCap: values.frequencyCap.trim() ? Number(values.frequencyCap) : Number.NaN,
  };
}

const resolver = contractResolver<CampaignFormValues>(
  CreateAdCampaignInputSchema,
  campaignToInput,
  FIELDS,
  RENAME,
);

/** A new campaign: saved, its image uploaded, then straight to checkout for the budget. */
export function CampaignForm({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const imageId = useId();
  const form = useForm<CampaignFormValues>({
    defaultValues: campaignDefaults(new Date()),
    resolver,
  });
  const save = useMutation({
    mutationFn: async (values: CampaignFormValues) => {
      const campaign = await createAdCampaign(campaignToInput(values));
      const image = values.image?.[0];
      if (image && image.size > 0) await uploadAdCampaignImage(campaign.id, image);
      return checkoutAdCampaign(campaign.id);
    },
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // Still busy once paid for: the page is leaving for the checkout.
  const busy = save.isPending || save.isSuccess;
  const pricing = form.watch('pricing');
  const cpmPrice = formatMoney(PROMO_PRICE_CENTS.cpm, 'USD');
  const cpcPrice = formatMoney(PROMO_PRICE_CENTS.cpc, 'USD');
  const rootError = form.formState.errors.root?.message;
  const imageError = form.formState.errors.image?.message;

  async function submit(values: CampaignFormValues) {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      const marked = setServerErrors(form, renameFields(fieldErrors(error), RENAME), FIELDS);
      form.setError('root', {
        message: marked
          ? t`Please check the marked fields.`
          : errorMessage(error, t`The campaign could not be saved.`),
      });
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={t`New campaign`}
    >
      {rootError ? <Alert variant="destructive">{rootError}</Alert> : null}
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">
          <Trans>Creative</Trans>
        </legend>
        <FormField<CampaignFormValues> name="headline" label={t`Headline`}>
          {(control) => <Input {...control} maxLength={70} required />}
        </FormField>
        <FormField<CampaignFormValues>
          name="body"
          label={t`Short text`}
          hint={t`Up to 160 characters`}
        >
          {(control) => <Input {...control} maxLength={160} />}
        </FormField>
        <Field
          id={imageId}
          label={t`Image`}
          hint={t`JPEG, PNG or WebP, up to 10 MB`}
          error={imageError}
        >
          <Input
            id={imageId}
            {...form.register('image')}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={describedBy(imageId, { hint: true, error: imageError })}
            type="file"
            accept="image/*"
          />
        </Field>
        <FormField<CampaignFormValues>
          name="imageAlt"
          label={t`Image description`}
          hint={t`Read out to people who cannot see the image`}
        >
          {(control) => <Input {...control} required />}
        </FormField>
        <FormField<CampaignFormValues>
          name="targetPath"
          label={t`Link`}
          hint={t`A page of this site: /event/…, /vendor/…, /venues/…, /organizers/… or /f/…`}
        >
          {(control) => <Input {...control} placeholder="/event/…" required />}
        </FormField>
        <FormField<CampaignFormValues> name="placement" label={t`Placement`}>
          {(control) => (
            <Select {...control}>
              {PROMO_PLACEMENTS.map((p) => (
                <option key={p} value={p}>
                  {i18n._(PLACEMENT_LABELS[p])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">
          <Trans>Schedule and budget</Trans>
        </legend>
        <FormField<CampaignFormValues> name="startsAt" label={t`Starts`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField<CampaignFormValues> name="endsAt" label={t`Ends`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField<CampaignFormValues> name="daily" label={t`Daily budget (USD)`}>
          {(control) => <Input {...control} type="number" min={5} step="0.01" />}
        </FormField>
        <FormField<CampaignFormValues>
          name="total"
          label={t`Total budget (USD), paid now`}
          hint={<IncludedTax kind="ad_budget" />}
        >
          {(control) => <Input {...control} type="number" min={5} step="0.01" />}
        </FormField>
        <FormField<CampaignFormValues>
          name="pricing"
          label={t`Pricing`}
          hint={pricing === 'cpm' ? t`${cpmPrice} per 1,000 impressions` : t`${cpcPrice} per click`}
        >
          {(control) => (
            <Select {...control}>
              <option value="cpm">{t`Per 1,000 impressions`}</option>
              <option value="cpc">{t`Per click`}</option>
            </Select>
          )}
        </FormField>
        <FormField<CampaignFormValues> name="frequencyCap" label={t`Views per person per day`}>
          {(control) => <Input {...control} type="number" min={1} max={50} />}
        </FormField>
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">
          <Trans>Targeting (optional)</Trans>
        </legend>
        <FormField<CampaignFormValues>
          name="categories"
          label={t`Categories`}
          hint={t`Comma-separated, e.g. Music, Food & Drink`}
        >
          {(control) => <Input {...control} />}
        </FormField>
        <FormField<CampaignFormValues> name="cities" label={t`Cities`} hint={t`Comma-separated`}>
          {(control) => <Input {...control} />}
        </FormField>
        <div className="flex flex-col gap-2 md:col-span-2">
          <span className="text-sm font-medium">
            <Trans>Account types (none: everyone)</Trans>
          </span>
          <div className="flex flex-wrap gap-4">
            {PROMO_ACCOUNT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={type}
                  className="size-4"
                  {...form.register('accountTypes')}
                />
                {i18n._(ACCOUNT_TYPE_LABELS[type])}
              </label>
            ))}
          </div>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save and pay</Trans>}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Form>
  );
}
