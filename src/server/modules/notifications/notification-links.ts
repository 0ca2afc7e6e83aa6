// Where a notification leads when clicked (the list, a toast, a push message or an email).

interface Linkable {
  type: string;
  relatedId: string | null;
  relatedType: string | null;
  metadata: Record<string, unknown>;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.length < 200 ? value : undefined;
const id = (value: unknown) => {
  const found = text(value);
  return found ? encodeURIComponent(found) : undefined;
};

export function notificationLink(n: Linkable): string | null {
  return linkOf(n, () => n.metadata);
}

/**
 * notificationLink with the metadata asked for only by the links that use it (the live socket
 * reads it as JSON text and parses it only then).
 */
export function linkOf(
  n: Omit<Linkable, 'metadata'>,
  metadata: () => Record<string, unknown>,
): string | null {
  const related = id(n.relatedId);
  // A waiting-list offer opens its place, where the tickets are bought (offers made before
  // they had a type of their own were written as ticket_purchase).
  if (n.type === 'waitlist_offer' || n.type === 'ticket_purchase') {
    const offer = text(metadata().waitlist_url);
    if (offer?.startsWith('/waitlist/')) return offer;
  }
  if (n.type === 'vendor_payment_required') {
    const paymentUrl = text(metadata().payment_url);
    if (paymentUrl?.startsWith('/')) return paymentUrl;
  }
  // A group chat that is not an event's (a ride's) opens in the messages page.
  if (n.type === 'event_chat_message' && !id(metadata().event_id)) {
    const chat = id(metadata().chat_id) ?? related;
    return chat ? `/messages?chat=${chat}` : '/messages';
  }
  if (n.type === 'event_chat_message' || n.type === 'vendor_chat_join') {
    const event = id(metadata().event_id) ?? related;
    return event ? `/event-group-chat?event=${event}` : '/messages';
  }
  // The feedback request opens the feedback form of its event.
  if (n.type === 'event_feedback_request')
    return related ? `/event-feedback?event=${related}` : '/event-feedback';
  // Stream notices open the watch page of their stream.
  if (n.type.startsWith('stream_')) {
    const stream = id(metadata().stream_id);
    if (stream) return `/stream/watch/${stream}`;
  }
  // A finished export opens the event's exports page, where its file is listed.
  if (n.type === 'export_ready') return related ? `/event/${related}/exports` : null;
  // Ride notices carry the ride's id: they open its page.
  if (n.type.startsWith('ride_')) return related ? `/ryder/${related}` : '/ryder/create';
  // A vendor sharing their location: the organizer's map of the event's vendors.
  if (n.type === 'vendor_location_sharing')
    return related ? `/event/${related}/vendor-locations` : null;
  switch (n.relatedType) {
    case 'events':
      return related ? `/event/${related}` : null;
    case 'messages': {
      // spec §2: /messages?chat={sender id or related id}
      const meta = metadata();
      const chat = id(meta.sender_id) ?? related;
      const name = text(meta.sender_name);
      if (!chat) return '/messages';
      return `/messages?chat=${chat}${name ? `&name=${encodeURIComponent(name)}` : ''}`;
    }
    case 'vendor_requests': {
      if (n.type === 'vendor_request') {
        const event = id(metadata().event_id);
        return event ? `/vendor_requests/${event}` : '/vendor_applications';
      }
      return '/vendor_applications';
    }
    case 'tickets':
      return related ? `/ticket/${related}` : null;
    case 'payments': {
      if (related) return `/receipt?order=${related}`;
      // Subscription notices (no order) name their page: `/subscription` (decision 021).
      const own = text(metadata().link);
      return own?.startsWith('/') && !own.startsWith('//') ? own : null;
    }
    default:
      return null;
  }
}
