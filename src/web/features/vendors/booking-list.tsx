import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, MessageSquare, UserPlus, X } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Booking } from '../../../contracts/vendors';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { PersonAvatar } from '../../components/person-avatar';
import { errorMessage } from '../../lib/api-client';
import { BOOKING_STATUS_LABEL, bookingsQuery, useBookingAction, type BookingAction } from './api';
import { vendorPaths } from './vendor-paths';

// What the person who changed a hire request reads afterwards.
const BOOKING_CHANGED: Record<Booking['status'], MessageDescriptor> = {
  pending: msg`Hire request pending`,
  accepted: msg`Hire request accepted`,
  declined: msg`Hire request declined`,
  cancelled: msg`Hire request cancelled`,
};

const BOOKING_VARIANT: Record<Booking['status'], BadgeVariant> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  cancelled: 'outline',
};

/** Hire requests I sent (organizer) or received (vendor), with what I may do to each. */
export function BookingList({ as }: { as: 'organizer' | 'vendor' }) {
  const { i18n, t } = useLingui();
  const query = useQuery(bookingsQuery(as));
  const action = useBookingAction();

  function act(booking: Booking, kind: BookingAction) {
    action.mutate(
      { id: booking.id, action: kind },
      {
        onSuccess: (updated) => toast.success(i18n._(BOOKING_CHANGED[updated.status])),
        onError: (error) =>
          toast.error(errorMessage(error, t`The hire request could not be changed.`)),
      },
    );
  }

  if (query.isPending) return <Spinner label={t`Loading hire requests`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Hire requests could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.bookings.length === 0)
    return (
      <EmptyState icon={UserPlus} title={t`No hire requests yet`}>
        <p className="text-muted-foreground">
          {as === 'organizer'
            ? t`Hire requests you send to vendors appear here with their status.`
            : t`When an organizer wants to hire you, the request appears here.`}
        </p>
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-3">
      {query.data.bookings.map((booking) => {
        const other =
          as === 'organizer'
            ? { name: booking.vendor.displayName, avatarUrl: booking.vendor.avatarUrl }
            : booking.organizer;
        const headingId = `booking-${booking.id}`;
        return (
          <li
            key={booking.id}
            className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center"
          >
            <PersonAvatar name={other.name} avatarUrl={other.avatarUrl} className="size-10" />
            <div className="min-w-0 flex-1">
              <h3 id={headingId} className="font-semibold">
                {other.name}
                <span className="font-normal text-muted-foreground"> · {booking.event.title}</span>
              </h3>
              <p className="line-clamp-2 text-sm text-muted-foreground">{booking.message}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={BOOKING_VARIANT[booking.status]}>
                {i18n._(BOOKING_STATUS_LABEL[booking.status])}
              </Badge>
              {booking.chatId ? (
                <Link
                  to={vendorPaths.message(booking.chatId)}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  aria-describedby={headingId}
                >
                  <MessageSquare aria-hidden="true" className="size-4" />
                  <Trans>Open chat</Trans>
                </Link>
              ) : null}
              {booking.status === 'pending' && as === 'vendor' ? (
                <>
                  <Button
                    size="sm"
                    disabled={action.isPending}
                    onClick={() => act(booking, 'accept')}
                    aria-describedby={headingId}
                  >
                    <Check aria-hidden="true" className="size-4" />
                    <Trans>Accept</Trans>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={action.isPending}
                    onClick={() => act(booking, 'decline')}
                    aria-describedby={headingId}
                  >
                    <X aria-hidden="true" className="size-4" />
                    <Trans>Decline</Trans>
                  </Button>
                </>
              ) : null}
              {booking.status === 'pending' && as === 'organizer' ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={action.isPending}
                  onClick={() => act(booking, 'cancel')}
                  aria-describedby={headingId}
                >
                  <Trans>Cancel request</Trans>
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
