import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BriefcaseBusiness, Pin, PinOff } from 'lucide-react';
import type { ChatDetail } from '../../../contracts/messaging';
import { Button } from '../../components/ui/button';
import { LinkedText } from './linked-text';

const BOOKING_STATUSES: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  cancelled: msg`Cancelled`,
};

/** Above a booking's conversation: what was booked, for which event, and where it stands. */
export function BookingContext({ booking }: { booking: NonNullable<ChatDetail['booking']> }) {
  const { t, i18n } = useLingui();
  const bookingTitle = booking.title;
  const eventTitle = booking.eventTitle;
  const statusLabel = BOOKING_STATUSES[booking.status];
  const status = statusLabel ? i18n._(statusLabel) : booking.status;
  return (
    <section
      aria-label={t`Booking`}
      className="flex items-start gap-3 border-b border-border bg-primary-soft px-4 py-3 text-sm"
    >
      <BriefcaseBusiness aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="min-w-0">
        <p className="font-semibold">
          <Trans>Booking: {bookingTitle}</Trans>
        </p>
        <p className="text-muted-foreground">
          <Trans>
            For {eventTitle} · Status: <span className="capitalize">{status}</span>
          </Trans>
        </p>
      </div>
    </section>
  );
}

/** A group chat's pinned announcement, which its moderators may unpin. */
export function PinnedMessage({
  chat,
  onUnpin,
  isUnpinning,
}: {
  chat: ChatDetail;
  onUnpin: () => void;
  isUnpinning: boolean;
}) {
  const { t } = useLingui();
  const { pinned } = chat;
  if (!pinned || pinned.deleted) return null;
  return (
    <section
      aria-label={t`Pinned announcement`}
      className="flex items-start gap-3 border-b border-border bg-warning-soft px-4 py-3 text-sm"
    >
      <Pin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide uppercase">
          <Trans>Pinned by the organizer</Trans>
        </p>
        <LinkedText
          text={pinned.body || (pinned.image ? t`Image` : '')}
          className="break-words whitespace-pre-wrap"
        />
        <p className="text-xs text-muted-foreground">{pinned.senderName}</p>
      </div>
      {chat.canModerate ? (
        <Button variant="ghost" size="sm" disabled={isUnpinning} onClick={onUnpin}>
          <PinOff aria-hidden="true" className="size-4" />
          <Trans>Unpin</Trans>
        </Button>
      ) : null}
    </section>
  );
}
