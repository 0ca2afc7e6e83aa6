import { sql, type SQL } from 'drizzle-orm';
import { ROLE_PERMISSIONS, TEAM_ROLES } from '../../../contracts/teams';

// The organizer's booking chats reach the members of the organizer's team who answer them
// (decision 073): a role with `vendors.bookings` whose scope holds the booking's event, and the
// second factor when the team requires one. Written in SQL, as the chat list and the realtime
// feed read them with the chats themselves.

const CHAT_ROLES = TEAM_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('vendors.bookings'));
// One array literal: drizzle would spread a JS array into a parameter per element.
const chatRoles = () => sql`${`{${CHAT_ROLES.join(',')}}`}::text[]`;

const secondFactorOk = sql`(not coalesce(ts.require_two_factor, false)
  or exists (select 1 from two_factor_settings tf
    where tf.user_id = tm.member_id and tf.enabled_at is not null)
  or exists (select 1 from passkeys pk where pk.user_id = tm.member_id))`;

/** The booking chats `memberId` answers for the team of `ownerId` (every team's without one). */
export const teamChatIdsOf = (memberId: string, ownerId?: string) => sql`
  select bc.id from team_members tm
  join bookings b on b.organizer_id = tm.owner_id
    and (tm.all_events or b.event_id = any(tm.event_ids))
  join chats bc on bc.booking_id = b.id and bc.is_booking_related
  join chat_participants op on op.chat_id = bc.id and op.user_id = tm.owner_id
  left join team_settings ts on ts.owner_id = tm.owner_id
  where tm.member_id = ${memberId} and tm.role = any(${chatRoles()}) and ${secondFactorOk}
    ${ownerId ? sql`and tm.owner_id = ${ownerId}` : sql``}`;

/** The members who answer the booking chat `chatId` (a column) for its organizer, as text. */
export const teamReadersOf = (chatId: SQL) => sql`
  select tm.member_id::text from chats bc
  join bookings b on b.id = bc.booking_id
  join chat_participants op on op.chat_id = bc.id and op.user_id = b.organizer_id
  join team_members tm on tm.owner_id = b.organizer_id
    and (tm.all_events or b.event_id = any(tm.event_ids)) and tm.role = any(${chatRoles()})
  left join team_settings ts on ts.owner_id = tm.owner_id
  where bc.id = ${chatId} and bc.is_booking_related and ${secondFactorOk}`;
