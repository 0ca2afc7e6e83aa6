import { Trans, useLingui } from '@lingui/react/macro';
import { MessageCircleQuestion } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { loadChatPanel } from '../content';
import { lazyPage } from '../../app/lazy-page';

// The chat panel's code loads only when someone opens it (the home route's budget).
const ChatPanel = lazyPage(() => loadChatPanel().then((m) => m.ChatPanel));

/** The assistance chatbot (spec §2): answers from the help center, hand-off to a person. */
export function AssistanceSection() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="home-assistance"
      className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center"
    >
      <MessageCircleQuestion aria-hidden="true" className="size-10 text-primary" />
      <h2 id="home-assistance" className="text-2xl font-bold">
        <Trans>Need a hand?</Trans>
      </h2>
      <p className="text-muted-foreground">
        <Trans>Ask our assistant about tickets, vendors, payments or your account.</Trans>
      </p>
      {open ? (
        <Suspense fallback={<Spinner label={t`Loading the assistant`} />}>
          <div className="w-full max-w-xl text-start">
            <ChatPanel onClose={() => setOpen(false)} />
          </div>
        </Suspense>
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => setOpen(true)}>
            <Trans>Ask the assistant</Trans>
          </Button>
          <Link to={paths.help()} className="self-center font-medium text-primary underline">
            <Trans>Get help</Trans>
          </Link>
        </div>
      )}
    </section>
  );
}
