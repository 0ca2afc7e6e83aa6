import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { cnLight } from '../../lib/cn-light';
import { paths } from '../../lib/paths';
import { suggestQuery } from '../../features/events';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const DEBOUNCE_MS = 200;

/**
 * The header search (spec §2): suggests events while typing (WAI-ARIA combobox with a listbox;
 * arrows move, Enter opens the active event or searches, Escape closes), and submits
 * /search?q={term}; a blank term does nothing.
 */
export function SearchBox({
  onSearched,
  autoFocus,
  className,
}: {
  onSearched?: () => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(term.trim(), DEBOUNCE_MS);
  const hasTerm = debounced.length > 0;
  // Keeping the previous suggestions while the next ones load stops the list flickering shut
  // between keystrokes (and Escape then meaning "clear the box" instead of "close the list").
  const { data } = useQuery({
    ...suggestQuery(debounced),
    enabled: hasTerm,
    placeholderData: keepPreviousData,
  });
  const suggestions = hasTerm && term.trim() ? (data?.suggestions ?? []) : [];
  const isExpanded = isOpen && suggestions.length > 0;
  const activeSuggestion = isExpanded ? suggestions[active] : undefined;

  function go(to: string) {
    setOpen(false);
    setActive(-1);
    void navigate(to);
    onSearched?.();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (activeSuggestion) return go(paths.event(activeSuggestion.id));
    const to = paths.search(term);
    if (to) go(to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text box itself, so Up from the first suggestion goes back to typing.
      setActive((i) => {
        const next = i + step;
        if (next < -1) return suggestions.length - 1;
        if (next >= suggestions.length) return -1;
        return next;
      });
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault();
      // Inside the mobile overlay Escape would also close the dialog; close only the list.
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form
      role="search"
      onSubmit={submit}
      className={cnLight('relative flex w-full items-center gap-2', className)}
    >
      <label htmlFor={id} className="sr-only">
        <Trans>Search events, vendors and venues</Trans>
      </label>
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeSuggestion ? `${listId}-${active}` : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        // Let a click on a suggestion land before the list goes away.
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        placeholder={t`Search events, vendors, venues…`}
        autoComplete="off"
        autoFocus={autoFocus}
        enterKeyHint="search"
        className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      />
      <Button type="submit" variant="outline" size="icon" aria-label={t`Search`}>
        <Search aria-hidden="true" className="size-4" />
      </Button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t`Suggested events`}
        hidden={!isExpanded}
        className="absolute start-0 end-12 top-full z-50 mt-1 max-h-[200px] overflow-y-auto rounded-md border border-border bg-popover py-1 shadow-lg"
      >
        {suggestions.map((suggestion, i) => (
          <li
            key={suggestion.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(paths.event(suggestion.id))}
            className={cnLight(
              'cursor-pointer px-3 py-2 text-sm',
              i === active ? 'bg-primary-soft text-foreground' : 'hover:bg-muted',
            )}
          >
            <span className="block truncate font-medium">{suggestion.title}</span>
            <span className="block truncate text-xs text-muted-foreground">
              {suggestion.date} · {suggestion.location}
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
}
