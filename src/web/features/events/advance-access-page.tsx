import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { PrivateLinks } from './private-links';

export function AdvanceAccessPage() {
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Advance access`}
        description={t`Private events stay out of lists and search. Share their secret link with the people you invite.`}
      />
      <PrivateLinks />
    </PageBody>
  );
}
