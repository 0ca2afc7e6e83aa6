import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { EVENT_CATEGORIES } from '../../../contracts/enums';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { useCategoryLabel } from './category-label';
import type { FilterParams, PriceFilter } from './event-filter-params';

/** Category, date and price filters (spec §7); `showCategory` is off on a category's own page. */
export function EventFiltersBar({
  value,
  onChange,
  showCategory = true,
}: {
  value: FilterParams;
  onChange: (value: FilterParams) => void;
  showCategory?: boolean;
}) {
  const id = useId();
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  const isFiltered = Boolean(value.category || value.date || value.price);
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">
        <Trans>Filter events</Trans>
      </legend>
      {showCategory ? (
        <div className="flex min-w-44 flex-1 flex-col gap-1.5 sm:flex-none">
          <Label htmlFor={`${id}-category`}>
            <Trans>Category</Trans>
          </Label>
          <Select
            id={`${id}-category`}
            value={value.category}
            onChange={(e) => onChange({ ...value, category: e.target.value })}
          >
            <option value="">{t`All categories`}</option>
            {EVENT_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {categoryLabel(name)}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="flex min-w-40 flex-1 flex-col gap-1.5 sm:flex-none">
        <Label htmlFor={`${id}-date`}>
          <Trans>Date</Trans>
        </Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={value.date}
          onChange={(e) => onChange({ ...value, date: e.target.value })}
        />
      </div>
      <div className="flex min-w-32 flex-1 flex-col gap-1.5 sm:flex-none">
        <Label htmlFor={`${id}-price`}>
          <Trans>Price</Trans>
        </Label>
        <Select
          id={`${id}-price`}
          value={value.price}
          onChange={(e) => onChange({ ...value, price: e.target.value as PriceFilter })}
        >
          <option value="">{t`Free and paid`}</option>
          <option value="free">{t`Free`}</option>
          <option value="paid">{t`Paid`}</option>
        </Select>
      </div>
      {isFiltered ? (
        <Button
          variant="ghost"
          onClick={() =>
            onChange({ category: showCategory ? '' : value.category, date: '', price: '' })
          }
        >
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </fieldset>
  );
}
