import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

export interface SearchFormProps {
  /** Called after a search was submitted (the mobile overlay closes itself). */
  onSearched?: () => void;
  autoFocus?: boolean;
  className?: string;
}

/** spec §2: submits to /search?q={term}; a blank or whitespace-only term does nothing. */
export function SearchForm({ onSearched, autoFocus, className }: SearchFormProps) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const to = paths.search(term);
    if (!to) return;
    void navigate(to);
    onSearched?.();
  }

  return (
    <form
      role="search"
      onSubmit={submit}
      className={cn('flex w-full items-center gap-2', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        Search events, vendors and venues
      </label>
      <Input
        id={inputId}
        type="search"
        name="q"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search events, vendors, venues…"
        autoComplete="off"
        autoFocus={autoFocus}
        enterKeyHint="search"
      />
      <Button type="submit" variant="outline" size="icon" aria-label="Search">
        <Search aria-hidden="true" className="size-4" />
      </Button>
    </form>
  );
}
