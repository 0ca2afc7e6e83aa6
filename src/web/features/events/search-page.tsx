import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { SearchResults } from './search-results';

/** spec §2 search?q=: ranked events with highlighted matches. */
export function SearchPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const term = params.get('q')?.trim() ?? '';
  return (
    <PageBody>
      <PageHeader title={term ? t`Search: ${term}` : t`Search`} />
      <SearchResults key={term} term={term} />
    </PageBody>
  );
}
