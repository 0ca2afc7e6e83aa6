import { ComingSoon } from '../../components/coming-soon';

/** The lazily loaded page behind every route whose screen a later issue builds. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return <ComingSoon title={title} description={description} />;
}
