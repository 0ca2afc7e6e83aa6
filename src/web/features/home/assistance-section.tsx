import { MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';

/** The assistance chatbot entry (spec §2): help answers live at /help. */
export function AssistanceSection() {
  return (
    <section
      aria-labelledby="home-assistance"
      className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center"
    >
      <MessageCircleQuestion aria-hidden="true" className="size-10 text-primary" />
      <h2 id="home-assistance" className="text-2xl font-bold">
        Need a hand?
      </h2>
      <p className="text-muted-foreground">
        Ask our assistant about tickets, vendors, payments or your account.
      </p>
      <Link to={paths.help()} className={buttonClasses({ size: 'lg' })}>
        Get help
      </Link>
    </section>
  );
}
