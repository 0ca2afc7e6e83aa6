import { MessageCircleQuestion } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { loadChatPanel } from '../content';

// The chat panel's code loads only when someone opens it (the home route's budget).
const ChatPanel = lazy(() => loadChatPanel().then((m) => ({ default: m.ChatPanel })));

/** The assistance chatbot (spec §2): answers from the help center, hand-off to a person. */
export function AssistanceSection() {
  const [open, setOpen] = useState(false);
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
      {open ? (
        <Suspense fallback={<Spinner label="Loading the assistant" />}>
          <div className="w-full max-w-xl text-left">
            <ChatPanel onClose={() => setOpen(false)} />
          </div>
        </Suspense>
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => setOpen(true)}>
            Ask the assistant
          </Button>
          <Link to={paths.help()} className="self-center font-medium text-primary underline">
            Get help
          </Link>
        </div>
      )}
    </section>
  );
}
