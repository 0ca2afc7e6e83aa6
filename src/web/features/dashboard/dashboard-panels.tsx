import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardSection, HostDashboard } from '../../../contracts/dashboard';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { paths } from '../../lib/paths';

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-2">{children}</CardContent>
    </Card>
  );
}

const quiet = (text: string) => <p className="text-sm text-muted-foreground">{text}</p>;

/** Today's check-ins, vendor applications waiting and unread messages, side by side. */
export function DashboardPanels({ board }: { board: HostDashboard }) {
  const { t } = useLingui();
  const today = board.checkIns.today;
  const shows = (section: DashboardSection) => board.sections.includes(section);
  const count = (['checkIns', 'vendorApplications', 'messages'] as const).filter(shows).length;
  if (count === 0) return null;
  return (
    <div className={count === 3 ? 'grid gap-4 md:grid-cols-3' : 'grid gap-4 md:grid-cols-2'}>
      {shows('checkIns') ? (
        <Panel id="doors-title" title={t`Today's check-ins`}>
          <p className="text-sm">
            <Trans>
              <span className="text-2xl font-bold">{today}</span> checked in today
            </Trans>
          </p>
          {board.checkIns.events.length === 0
            ? quiet(t`None of your events runs today.`)
            : board.checkIns.events.map(({ id, title, checkedIn, sold }) => (
                <Link
                  key={id}
                  to={paths.eventCheckIn(id)}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm hover:underline"
                >
                  <span className="min-w-0 font-medium break-words">{title}</span>
                  <span>
                    <Trans>
                      {checkedIn} of {sold} in
                    </Trans>
                  </span>
                </Link>
              ))}
        </Panel>
      ) : null}
      {shows('vendorApplications') ? (
        <Panel id="applications-title" title={t`Vendor applications`}>
          {board.vendorApplications.events.length === 0
            ? quiet(t`No applications waiting. Vendors who apply to your events appear here.`)
            : board.vendorApplications.events.map(({ id, title, pending }) => (
                <Link
                  key={id}
                  to={`/vendor_requests/${encodeURIComponent(id)}`}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm hover:underline"
                >
                  <span className="min-w-0 font-medium break-words">{title}</span>
                  <Badge variant="warning">
                    <Trans>{pending} pending</Trans>
                  </Badge>
                </Link>
              ))}
        </Panel>
      ) : null}
      {shows('messages') ? (
        <Panel id="messages-title" title={t`Unread messages`}>
          {board.messages.chats.length === 0
            ? quiet(t`No unread messages.`)
            : board.messages.chats.map((chat) => (
                <Link
                  key={chat.id}
                  to={`/messages?chat=${encodeURIComponent(chat.id)}`}
                  className="flex flex-col text-sm hover:underline"
                >
                  <span className="flex justify-between gap-2 font-medium">
                    <span className="min-w-0 break-words">{chat.name}</span>
                    <Badge>{chat.unread >= 100 ? '99+' : chat.unread}</Badge>
                  </span>
                  {chat.preview ? (
                    <span className="truncate text-muted-foreground">{chat.preview}</span>
                  ) : null}
                </Link>
              ))}
          <Link
            to={paths.messages()}
            className="mt-auto text-sm font-medium text-primary hover:underline"
          >
            <Trans>Open messages</Trans>
          </Link>
        </Panel>
      ) : null}
    </div>
  );
}
