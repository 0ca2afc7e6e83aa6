import { Trans, useLingui } from '@lingui/react/macro';
import type { SeatCategory } from '../../../contracts/seating';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

const PALETTE = ['#1f6feb', '#d4a017', '#2da44e', '#cf222e', '#8250df', '#bf3989'];

/** The plan's categories (price levels): a name and a colour each. */
export function CategoriesEditor({
  categories,
  onChange,
}: {
  categories: SeatCategory[];
  onChange: (categories: SeatCategory[]) => void;
}) {
  const { t } = useLingui();
  const update = (index: number, patch: Partial<SeatCategory>) =>
    onChange(categories.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const add = () => {
    const used = new Set(categories.map((c) => c.id));
    let n = categories.length + 1;
    while (used.has(`c${n}`)) n++;
    onChange([
      ...categories,
      { id: `c${n}`, name: t`Category ${n}`, color: PALETTE[n % PALETTE.length] ?? '#1f6feb' },
    ]);
  };
  return (
    <section
      aria-labelledby="categories-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="categories-title" className="font-bold">
        <Trans>Categories</Trans>
      </h2>
      <ul className="flex flex-col gap-2">
        {categories.map((category, index) => (
          <li key={category.id} className="flex items-center gap-2">
            <input
              type="color"
              value={category.color}
              aria-label={t`Colour of ${category.name}`}
              onChange={(e) => update(index, { color: e.target.value })}
              className="h-9 w-10 shrink-0 cursor-pointer rounded border border-border"
            />
            <Input
              value={category.name}
              aria-label={t`Name of category ${index + 1}`}
              onChange={(e) => update(index, { name: e.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              disabled={categories.length < 2}
              aria-label={t`Remove ${category.name}`}
              onClick={() => onChange(categories.filter((_, i) => i !== index))}
            >
              <Trans>Remove</Trans>
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="outline" onClick={add} disabled={categories.length >= 20}>
        <Trans>Add category</Trans>
      </Button>
    </section>
  );
}
