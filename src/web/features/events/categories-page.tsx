import { PageBody, PageHeader } from '../../components/page-header';
import { CategoriesGrid } from './categories-grid';

export function CategoriesPage() {
  return (
    <PageBody>
      <PageHeader title="Categories" description="Browse upcoming events by category." />
      <CategoriesGrid />
    </PageBody>
  );
}
