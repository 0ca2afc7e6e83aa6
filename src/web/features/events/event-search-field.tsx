import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** A search box for a list page: applies on submit, not on every key, to spare the API. */
export function EventSearchField({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch: (term: string) => void;
  label?: string;
}) {
  const id = useId();
  const { t } = useLingui();
  const [term, setTerm] = useState(value);
  const [prev, setPrev] = useState(value);
  // The URL changed from outside (back button, header search): show its term.
  if (prev !== value) {
    setPrev(value);
    setTerm(value);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(term);
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label ?? t`Search events`}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t`Title, description or place`}
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          <Trans>Search</Trans>
        </Button>
      </div>
    </form>
  );
}
