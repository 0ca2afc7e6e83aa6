import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { CategoriesGrid } from './categories-grid';

export function CategoriesPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader title={t`Categories`} description={t`Browse upcoming events by category.`} />
      <CategoriesGrid />
    </PageBody>
  );
}
