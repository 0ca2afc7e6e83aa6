import { PageBody, PageHeader } from '../../components/page-header';
import { PrivateLinks } from './private-links';

export function AdvanceAccessPage() {
  return (
    <PageBody narrow>
      <PageHeader
        title="Advance access"
        description="Private events stay out of lists and search. Share their secret link with the people you invite."
      />
      <PrivateLinks />
    </PageBody>
  );
}
