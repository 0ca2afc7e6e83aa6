import { SearchBox } from './search-box';

export interface SearchFormProps {
  /** Called after a search was submitted (the mobile overlay closes itself). */
  onSearched?: () => void;
  autoFocus?: boolean;
  className?: string;
}

/** spec §2 header search: suggestions while typing, /search?q={term} on submit. */
export function SearchForm(props: SearchFormProps) {
  return <SearchBox {...props} />;
}
