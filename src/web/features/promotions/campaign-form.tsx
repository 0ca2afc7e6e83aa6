import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import {
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
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { IncludedTax } from '../taxes';
import { checkoutAdCampaign, createAdCampaign, uploadAdCampaignImage } from './api';
import { ACCOUNT_TYPE_LABELS, PLACEMENT_LABELS } from './labels';

const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};
const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const cents = (text: string) => Math.round(Number(text) * 100);

/** A new campaign: saved, its image uploaded, then straight to checkout for the budget. */
export function CampaignForm({ onCancel }: { onCancel: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pricing, setPricing] = useState<PromoPricing>('cpm');
  const { t, i18n } = useLingui();
  const now = new Date();
  const cpmPrice = formatMoney(PROMO_PRICE_CENTS.cpm, 'USD');
  const cpcPrice = formatMoney(PROMO_PRICE_CENTS.cpc, 'USD');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const input: CreateAdCampaignInput = {
      headline: text('headline'),
      body: text('body'),
      imageAlt: text('imageAlt'),
      targetPath: text('targetPath').trim(),
      placement: text('placement') as PromoPlacement,
      startsAt: new Date(text('startsAt')).toISOString(),
      endsAt: new Date(text('endsAt')).toISOString(),
      dailyBudgetCents: cents(text('daily')),
      totalBudgetCents: cents(text('total')),
      pricing,
      targetCategories: list(text('categories')),
      targetCities: list(text('cities')),
      targetAccountTypes: form
        .getAll('accountTypes')
        .map(String) as CreateAdCampaignInput['targetAccountTypes'],
      frequencyCap: Number(text('frequencyCap')),
    };
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const campaign = await createAdCampaign(input);
      const image = form.get('image');
      if (image instanceof File && image.size > 0) await uploadAdCampaignImage(campaign.id, image);
      const { url } = await checkoutAdCampaign(campaign.id);
      window.location.assign(url);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setFailure(
        Object.keys(fields).length
          ? t`Please check the marked fields.`
          : errorMessage(error, t`The campaign could not be saved.`),
      );
      setBusy(false);
    }
  }

  const control = (id: string, hint = false) => ({
    id,
    name: id,
    'aria-invalid': errors[id] ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error: errors[id] }),
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t`New campaign`}>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">
          <Trans>Creative</Trans>
        </legend>
        <Field id="headline" label={t`Headline`} error={errors.headline}>
          <Input {...control('headline')} maxLength={70} required />
        </Field>
        <Field id="body" label={t`Short text`} hint={t`Up to 160 characters`} error={errors.body}>
          <Input {...control('body', true)} maxLength={160} />
        </Field>
        <Field
          id="image"
          label={t`Image`}
          hint={t`JPEG, PNG or WebP, up to 10 MB`}
          error={errors.image}
        >
          <Input {...control('image', true)} type="file" accept="image/*" />
        </Field>
        <Field
          id="imageAlt"
          label={t`Image description`}
          hint={t`Read out to people who cannot see the image`}
          error={errors.imageAlt}
        >
          <Input {...control('imageAlt', true)} required />
        </Field>
        <Field
          id="targetPath"
          label={t`Link`}
          hint={t`A page of this site: /event/…, /vendor/…, /venues/…, /organizers/… or /f/…`}
          error={errors.targetPath}
        >
          <Input {...control('targetPath', true)} placeholder="/event/…" required />
        </Field>
        <Field id="placement" label={t`Placement`} error={errors.placement}>
          <Select {...control('placement')} defaultValue="home_billboard">
            {PROMO_PLACEMENTS.map((p) => (
              <option key={p} value={p}>
                {i18n._(PLACEMENT_LABELS[p])}
              </option>
            ))}
          </Select>
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">
          <Trans>Schedule and budget</Trans>
        </legend>
        <Field id="startsAt" label={t`Starts`} error={errors.startsAt}>
          <Input {...control('startsAt')} type="datetime-local" defaultValue={localInput(now)} />
        </Field>
        <Field id="endsAt" label={t`Ends`} error={errors.endsAt}>
          <Input
            {...control('endsAt')}
            type="datetime-local"
            defaultValue={localInput(new Date(now.getTime() + 14 * 86_400_000))}
          />
        </Field>
        <Field id="daily" label={t`Daily budget (USD)`} error={errors.dailyBudgetCents}>
          <Input
            {...control('daily')}
            aria-invalid={errors.dailyBudgetCents ? true : undefined}
            aria-describedby={describedBy('daily', { error: errors.dailyBudgetCents })}
            type="number"
            min={5}
            step="0.01"
            defaultValue="10"
          />
        </Field>
        <Field
          id="total"
          label={t`Total budget (USD), paid now`}
          hint={<IncludedTax kind="ad_budget" />}
          error={errors.totalBudgetCents}
        >
          <Input
            {...control('total')}
            aria-invalid={errors.totalBudgetCents ? true : undefined}
            aria-describedby={describedBy('total', { hint: true, error: errors.totalBudgetCents })}
            type="number"
            min={5}
            step="0.01"
            defaultValue="50"
          />
        </Field>
        <Field
          id="pricing"
          label={t`Pricing`}
          hint={pricing === 'cpm' ? t`${cpmPrice} per 1,000 impressions` : t`${cpcPrice} per click`}
        >
          <Select
            {...control('pricing', true)}
            value={pricing}
            onChange={(e) => setPricing(e.target.value as PromoPricing)}
          >
            <option value="cpm">{t`Per 1,000 impressions`}</option>
            <option value="cpc">{t`Per click`}</option>
          </Select>
        </Field>
        <Field id="frequencyCap" label={t`Views per person per day`} error={errors.frequencyCap}>
          <Input {...control('frequencyCap')} type="number" min={1} max={50} defaultValue="5" />
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">
          <Trans>Targeting (optional)</Trans>
        </legend>
        <Field
          id="categories"
          label={t`Categories`}
          hint={t`Comma-separated, e.g. Music, Food & Drink`}
        >
          <Input {...control('categories', true)} />
        </Field>
        <Field id="cities" label={t`Cities`} hint={t`Comma-separated`}>
          <Input {...control('cities', true)} />
        </Field>
        <div className="flex flex-col gap-2 md:col-span-2">
          <span className="text-sm font-medium">
            <Trans>Account types (none: everyone)</Trans>
          </span>
          <div className="flex flex-wrap gap-4">
            {PROMO_ACCOUNT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="accountTypes" value={type} className="size-4" />
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
    </form>
  );
}
