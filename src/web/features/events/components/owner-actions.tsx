import { Trans, useLingui } from '@lingui/react/macro';
import {
  BadgePercent,
  Ban,
  Pencil,
  Radio,
  Rocket,
  ScanLine,
  Ticket,
  Trash2,
  Video,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCancelEvent, useDeleteEvent, usePublishEvent, type EventDetail } from '../api';
import { eventPageUrl } from '../share-links';
import { CopyButton } from '../../../components/copy-button';
import { DuplicateEventButton } from './duplicate-event';

type Pending = 'cancel' | 'delete' | null;

/** What the owner or an admin can do on the event page (spec §2 event management). */
export function OwnerActions({ event }: { event: EventDetail }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const publish = usePublishEvent();
  const cancel = useCancelEvent();
  const remove = useDeleteEvent();
  const [confirm, setConfirm] = useState<Pending>(null);
  const title = event.title;
  const secretLink =
    event.visibility === 'private' && event.accessToken
      ? eventPageUrl(window.location.origin, event.id, event.accessToken)
      : null;

  return (
    <section
      aria-labelledby="owner-tools"
      className="flex flex-col gap-4 rounded-lg border border-border bg-muted/50 p-4"
    >
      <h2 id="owner-tools" className="text-base font-semibold">
        <Trans>Manage this event</Trans>
      </h2>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.editEvent(event.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Pencil aria-hidden="true" className="size-4" />
          <Trans>Edit</Trans>
        </Link>
        {event.eventStatus === 'draft' ? (
          <Button
            size="sm"
            disabled={publish.isPending}
            onClick={() =>
              publish.mutate(event.id, {
                onSuccess: () => toast.success(t`Event published`),
                onError: (error) =>
                  toast.error(errorMessage(error, t`Could not publish the event.`)),
              })
            }
          >
            <Rocket aria-hidden="true" className="size-4" />
            <Trans>Publish</Trans>
          </Button>
        ) : null}
        {event.eventStatus === 'published' ? (
          <Button variant="outline" size="sm" onClick={() => setConfirm('cancel')}>
            <Ban aria-hidden="true" className="size-4" />
            <Trans>Cancel event</Trans>
          </Button>
        ) : null}
        <DuplicateEventButton event={event} />
        <Button variant="destructive" size="sm" onClick={() => setConfirm('delete')}>
          <Trash2 aria-hidden="true" className="size-4" />
          <Trans>Delete</Trans>
        </Button>
      </div>
      <nav aria-label={t`Tickets of this event`} className="flex flex-wrap gap-2">
        <Link
          to={paths.eventTickets(event.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Ticket aria-hidden="true" className="size-4" />
          <Trans>Tickets</Trans>
        </Link>
        <Link
          to={paths.eventDiscountCodes(event.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <BadgePercent aria-hidden="true" className="size-4" />
          <Trans>Discount codes</Trans>
        </Link>
        {/* A full page load: the server allows the camera on this page's document only. */}
        <Link
          to={paths.eventCheckIn(event.id)}
          reloadDocument
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <ScanLine aria-hidden="true" className="size-4" />
          <Trans>Check-in</Trans>
        </Link>
        {/* A full page load: the server allows camera, microphone and screen on this page only. */}
        <Link
          to={`/event/${encodeURIComponent(event.id)}/stream`}
          reloadDocument
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Radio aria-hidden="true" className="size-4" />
          <Trans>Live stream</Trans>
        </Link>
        <Link
          to={`/meameet?${new URLSearchParams({ eventId: event.id, title: event.title })}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Video aria-hidden="true" className="size-4" />
          <Trans>Start a video meeting</Trans>
        </Link>
      </nav>
      {secretLink ? (
        <div className="flex flex-col gap-2">
          <label htmlFor="secret-link" className="text-sm font-medium">
            <Trans>Private link: only people with this link can see the event</Trans>
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="secret-link"
              readOnly
              value={secretLink}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={secretLink} label={t`Copy private link`} />
          </div>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirm === 'cancel'}
        onOpenChange={(open) => setConfirm(open ? 'cancel' : null)}
        title={t`Cancel this event?`}
        description={t`The event stays visible, marked as cancelled. This cannot be undone.`}
        error={cancel.isError ? errorMessage(cancel.error, t`Could not cancel the event.`) : null}
        cancelLabel={t`Keep event`}
        confirmLabel={t`Cancel event`}
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(event.id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(t`Event cancelled`);
            },
          })
        }
      />

      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={t`Delete this event?`}
        description={t`“${title}” will be removed for good.`}
        error={remove.isError ? errorMessage(remove.error, t`Could not delete the event.`) : null}
        cancelLabel={t`Keep event`}
        confirmLabel={t`Delete event`}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(event.id, {
            onSuccess: () => {
              toast.success(t`Event deleted`);
              void navigate(paths.myEvents());
            },
          })
        }
      />
    </section>
  );
}
