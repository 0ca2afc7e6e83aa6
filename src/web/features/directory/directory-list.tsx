import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { VENDOR_SERVICE_TYPES, VENUE_TYPES, ORGANIZER_SPECIALTIES } from '../../../contracts/enums';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import {
  DIRECTORY_PAGE_SIZE,
  directoryQuery,
  type DirectoryPerson,
  type DirectoryType,
} from './api';
import { PageNav } from '../../components/page-nav';
import { clampPage, pageCount, pageRange } from '../../lib/pagination';
import { PersonAvatar } from '../../components/person-avatar';
import { useCategoryLabel } from '../service-types';

const CATEGORIES: Record<DirectoryType, readonly string[]> = {
  organizer: ORGANIZER_SPECIALTIES,
  venue: VENUE_TYPES,
  provider: VENDOR_SERVICE_TYPES,
};

// Each directory's sentences whole, so every language words them its own way.
const TEXT: Record<
  DirectoryType,
  {
    search: MessageDescriptor;
    filter: MessageDescriptor;
    loading: MessageDescriptor;
    loadFailed: MessageDescriptor;
    noneFound: MessageDescriptor;
    noneYet: MessageDescriptor;
  }
> = {
  organizer: {
    search: msg`Search organizers`,
    filter: msg`Specialty`,
    loading: msg`Loading organizers`,
    loadFailed: msg`The organizers could not be loaded`,
    noneFound: msg`No organizers found`,
    noneYet: msg`No organizers have joined yet.`,
  },
  venue: {
    search: msg`Search venues`,
    filter: msg`Venue type`,
    loading: msg`Loading venues`,
    loadFailed: msg`The venues could not be loaded`,
    noneFound: msg`No venues found`,
    noneYet: msg`No venues have joined yet.`,
  },
  provider: {
    search: msg`Search providers`,
    filter: msg`Service`,
    loading: msg`Loading providers`,
    loadFailed: msg`The providers could not be loaded`,
    noneFound: msg`No providers found`,
    noneYet: msg`No providers have joined yet.`,
  },
};

/** "Showing 1–24 of 30 venues", per directory. */
function showing(type: DirectoryType, from: number, to: number, total: number): string {
  if (type === 'organizer')
    return i18n._(
      msg`Showing ${from}–${to} of ${plural(total, { one: '# organizer', other: '# organizers' })}`,
    );
  if (type === 'venue')
    return i18n._(
      msg`Showing ${from}–${to} of ${plural(total, { one: '# venue', other: '# venues' })}`,
    );
  return i18n._(
    msg`Showing ${from}–${to} of ${plural(total, { one: '# provider', other: '# providers' })}`,
  );
}

function profilePath(person: DirectoryPerson): string | null {
  if (person.userType === 'venue') return paths.venue(person.id);
  if (person.userType === 'organizer') return paths.organizer(person.id);
  return null;
}

/** /organizers, /venues, /providers: searchable, filterable, paginated (state in the URL). */
export function DirectoryList({ type }: { type: DirectoryType }) {
  const { i18n, t } = useLingui();
  const categoryLabel = useCategoryLabel();
  const text = TEXT[type];
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const category = params.get('category') ?? '';
  const requestedPage = clampPage(params.get('page'), Number.MAX_SAFE_INTEGER);
  const query = useQuery(directoryQuery({ type, q, category, page: requestedPage }));
  const [term, setTerm] = useState(q);

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    update({ q: term.trim(), page: '' });
  }

  const total = query.data?.total ?? 0;
  const pageSize = query.data?.pageSize ?? DIRECTORY_PAGE_SIZE;
  const last = pageCount(total, pageSize);
  const page = clampPage(query.data?.page ?? requestedPage, last);
  const range = pageRange(page, pageSize, total);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-end">
        <form role="search" onSubmit={submit} className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-q`}>{i18n._(text.search)}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-q`}
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder={t`Name or business`}
            />
            <Button type="submit" variant="outline">
              <Trans>Search</Trans>
            </Button>
          </div>
        </form>
        <div className="flex flex-col gap-1.5 sm:w-60">
          <Label htmlFor={`${id}-category`}>{i18n._(text.filter)}</Label>
          <Select
            id={`${id}-category`}
            value={category}
            onChange={(e) => update({ category: e.target.value, page: '' })}
          >
            <option value="">{t`All`}</option>
            {CATEGORIES[type].map((name) => (
              <option key={name} value={name}>
                {categoryLabel(name)}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {query.isPending ? (
        <div
          role="status"
          aria-label={i18n._(text.loading)}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : query.isError ? (
        <Alert variant="destructive" title={i18n._(text.loadFailed)}>
          <p>{errorMessage(query.error, t`Please try again later.`)}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : query.data.people.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-12 text-center">
          <Users aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{i18n._(text.noneFound)}</h2>
          <p className="text-muted-foreground">
            {q || category ? t`Try another name or clear the filter.` : i18n._(text.noneYet)}
          </p>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {showing(type, range.from, range.to, total)}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.people.map((person) => (
              <PersonCard key={person.id} person={person} />
            ))}
          </ul>
          <PageNav
            page={page}
            last={last}
            onPage={(to) => update({ page: to <= 1 ? '' : String(to) })}
          />
        </>
      )}
    </div>
  );
}

function PersonCard({ person }: { person: DirectoryPerson }) {
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  const upcoming = person.upcomingEventCount;
  const name = person.businessName ?? person.fullName;
  const to = profilePath(person);
  return (
    <li className="relative flex items-center gap-3 rounded-lg border border-border bg-card p-4 hover:shadow-md">
      <PersonAvatar name={name} avatarUrl={person.avatarUrl} />
      <div className="min-w-0">
        <h2 className="truncate font-semibold">
          {to ? (
            <Link to={to} className="after:absolute after:inset-0">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        <p className="truncate text-sm text-muted-foreground">
          {[
            person.category && categoryLabel(person.category),
            t`${plural(upcoming, { one: '# upcoming event', other: '# upcoming events' })}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    </li>
  );
}
