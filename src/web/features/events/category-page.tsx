import { Link, useParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { categoryForSlug } from './category-name';
import { EventBrowser } from './event-browser';
import { paths } from '../../lib/paths';

export function CategoryPage() {
  const { slug = '' } = useParams();
  const category = categoryForSlug(slug);
  if (!category) {
    return (
      <PageBody narrow>
        <PageHeader
          title="Category not found"
          description="There is no event category with this name."
        />
        <Link to={paths.categories()} className={buttonClasses({ variant: 'outline' })}>
          See all categories
        </Link>
      </PageBody>
    );
  }
  return (
    <PageBody>
      <PageHeader
        title={category}
        description={
          <Link to={paths.categories()} className="text-primary underline">
            All categories
          </Link>
        }
      />
      <EventBrowser key={category} category={category} />
    </PageBody>
  );
}
