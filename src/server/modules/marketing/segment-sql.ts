import { sql, type SQL } from 'drizzle-orm';
import {
  SEGMENT_ATTRIBUTE_PREFIX,
  type CampaignSegment,
  type SegmentCondition,
} from '../../../contracts/marketing';
import { containsPattern } from '../../db/like-pattern';

// A campaign's segment as a SQL condition on `email_subscribers s` (decision 024, "Segments").
// Every value and column name is a bound parameter, never part of the statement's text: the
// statement is the same for every segment of the same form, and nothing a person types runs.
// One function for the send, the test count and the editor's live count, so they agree.

/** The field's text (null when an imported column is absent). */
function textOf(field: string): SQL {
  if (field === 'email') return sql`s.email`;
  if (field === 'name') return sql`s.name`;
  return sql`(s.attributes ->> ${field.slice(SEGMENT_ATTRIBUTE_PREFIX.length)})`;
}

/** The start of a calendar day in UTC (the contract checked the YYYY-MM-DD form). */
const dayStart = (value: string, plusDays = 0) =>
  sql`((${value}::date + ${plusDays}::int)::timestamp at time zone 'UTC')`;

export function conditionSql(condition: SegmentCondition): SQL {
  const { operator, value } = condition;
  // `subscribed_at` is when the person joined the list: "after D" means from the next day on.
  if (operator === 'before') return sql`s.created_at < ${dayStart(value)}`;
  if (operator === 'after') return sql`s.created_at >= ${dayStart(value, 1)}`;
  const text = textOf(condition.field);
  // A missing column counts as empty: "is not" and "does not contain" include those people,
  // as Mailchimp's and listmonk's users expect; "is set" needs a non-blank value.
  const present = sql`coalesce(${text}, '')`;
  switch (operator) {
    case 'is':
      return sql`lower(${text}) = lower(${value})`;
    case 'is_not':
      return sql`lower(${present}) <> lower(${value})`;
    case 'contains':
      return sql`${text} ilike ${containsPattern(value)}`;
    case 'does_not_contain':
      return sql`${present} not ilike ${containsPattern(value)}`;
    case 'is_set':
      return sql`btrim(${present}) <> ''`;
    case 'is_not_set':
      return sql`btrim(${present}) = ''`;
  }
}

/** The segment's condition; `true` without one (every subscriber of the lists). */
export function segmentSql(segment: CampaignSegment | null | undefined): SQL {
  if (!segment || segment.conditions.length === 0) return sql`true`;
  const parts = segment.conditions.map((c) => sql`(${conditionSql(c)})`);
  return sql`(${sql.join(parts, segment.match === 'any' ? sql` or ` : sql` and `)})`;
}
