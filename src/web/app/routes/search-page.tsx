import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';

export function SearchPage() {
  const [params] = useSearchParams();
  const term = params.get('q')?.trim();
  return (
    <ComingSoon
      title={term ? `Search: ${term}` : 'Search'}
      description="Matching events, vendors, venues and organizers will be listed here."
    />
  );
}
