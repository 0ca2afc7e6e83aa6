import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { RedeemInputSchema } from '../../../contracts/streaming';
import { PageBody, PageHeader } from '../../components/page-header';
import { isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import { redeemAccessCode, streamKeys, streamPaths, streamQuery } from './api';

// spec §2 /stream-access?stream={id}: enter an access code, or buy a (stream) ticket.

function CodeForm({ streamId }: { streamId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const redeem = useMutation({
    mutationFn: (value: string) => redeemAccessCode(streamId, value),
    onSuccess: (stream) => {
      queryClient.setQueryData(streamKeys.detail(stream.id), stream);
      void navigate(streamPaths.watch(stream.id));
    },
    onError: (error) => setProblem(errorMessage(error, t`The code could not be checked.`)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RedeemInputSchema.safeParse({ code });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    redeem.mutate(parsed.data.code);
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <Field id="stream-code" label={t`Access code`} error={problem}>
        <Input
          id="stream-code"
          value={code}
          autoComplete="off"
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={Boolean(problem)}
          aria-describedby={describedBy('stream-code', { error: problem })}
        />
      </Field>
      <Button type="submit" className="self-start" disabled={redeem.isPending}>
        {redeem.isPending ? t`Checking…` : t`Unlock the stream`}
      </Button>
    </form>
  );
}

export function StreamAccessPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const location = useLocation();
  const streamId = params.get('stream') ?? '';
  const { user, isLoading } = useSession();
  const stream = useQuery({ ...streamQuery(streamId), enabled: Boolean(streamId) });

  if (!streamId)
    return (
      <PageBody narrow>
        <PageHeader title={t`Stream access`} />
        <Alert variant="info">
          <Trans>
            Open this page from a stream: the watch page links here when you need access. Your
            streams are listed on{' '}
            <Link to={streamPaths.mine()} className="underline">
              My streams
            </Link>
            .
          </Trans>
        </Alert>
      </PageBody>
    );
  if (stream.isPending || isLoading) return <PageSpinner />;
  if (stream.isError)
    return (
      <PageBody narrow>
        <LoadFailed
          title={isMissing(stream.error) ? t`Stream not found` : t`The stream could not be loaded`}
          error={stream.error}
        />
      </PageBody>
    );
  const data = stream.data;
  return (
    <PageBody narrow>
      <PageHeader title={t`Stream access`} description={`${data.title} · ${data.eventTitle}`} />
      {data.canWatch ? (
        <Alert variant="success" title={t`You have access`}>
          <Link to={streamPaths.watch(data.id)} className={buttonClasses({ size: 'sm' })}>
            <Trans>Watch the stream</Trans>
          </Link>
        </Alert>
      ) : !user ? (
        <Alert variant="info" title={t`Sign in first`}>
          <p>
            <Trans>Access is kept on your account, so sign in (or create an account) first.</Trans>
          </p>
          <Link
            to={paths.auth(`${location.pathname}${location.search}`)}
            className={buttonClasses({ size: 'sm' })}
          >
            <Trans>Sign In</Trans>
          </Link>
        </Alert>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {data.access === 'code' ? (
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <KeyRound aria-hidden="true" className="size-5" /> <Trans>I have a code</Trans>
                </CardTitle>
                <CardDescription>
                  <Trans>The organizer gives viewers an access code.</Trans>
                </CardDescription>
              </CardHeader>
              <CardContent>
                <CodeForm streamId={data.id} />
              </CardContent>
            </Card>
          ) : null}
          {data.access === 'ticket_holders' || data.access === 'stream_ticket' ? (
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Ticket aria-hidden="true" className="size-5" />
                  {data.access === 'stream_ticket' ? t`Buy a stream ticket` : t`Get a ticket`}
                </CardTitle>
                <CardDescription>
                  {data.access === 'stream_ticket'
                    ? t`An online ticket lets you watch from anywhere.`
                    : t`Ticket holders of the event watch the stream.`}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Link to={paths.buyTickets(data.eventId)} className={buttonClasses()}>
                  <Trans>Choose a ticket</Trans>
                </Link>
              </CardContent>
            </Card>
          ) : null}
        </div>
      )}
    </PageBody>
  );
}
