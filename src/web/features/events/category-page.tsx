import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { useCategoryLabel } from './category-label';
import { categoryForSlug } from './category-name';
import { EventBrowser } from './event-browser';
import { paths } from '../../lib/paths';

export function CategoryPage() {
  const { slug = '' } = useParams();
  const category = categoryForSlug(slug);
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  if (!category) {
    return (
      <PageBody narrow>
        <PageHeader
          title={t`Category not found`}
          description={t`There is no event category with this name.`}
        />
        <Link to={paths.categories()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>See all categories</Trans>
        </Link>
      </PageBody>
    );
  }
  return (
    <PageBody>
      <PageHeader
        title={categoryLabel(category)}
        description={
          <Link to={paths.categories()} className="text-primary underline">
            <Trans>All categories</Trans>
          </Link>
        }
      />
      <EventBrowser key={category} category={category} />
    </PageBody>
  );
}
