import { z } from 'zod';

// Teams with scoped roles (decision 065).

export const TEAM_ROLES = [
  'manager',
  'box_office',
  'check_in',
  'finance',
  'marketing',
  'vendor_manager',
] as const;
export const TeamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRoleSchema>;

/** Days an invitation link stays valid. */
export const TEAM_INVITE_DAYS = 7;

/** All of the owner's events, or the chosen ones. */
const ScopeFields = {
  allEvents: z.boolean(),
  eventIds: z.array(z.uuid()).max(200),
};

export const TeamInviteInputSchema = z.object({
  email: z.email().max(254),
  role: TeamRoleSchema,
  ...ScopeFields,
});
export type TeamInviteInput = z.infer<typeof TeamInviteInputSchema>;

export const TeamMemberUpdateSchema = z.object({ role: TeamRoleSchema, ...ScopeFields });
export type TeamMemberUpdate = z.infer<typeof TeamMemberUpdateSchema>;

export const TeamMemberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  ...ScopeFields,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: TeamRoleSchema,
  ...ScopeFields,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

export const TeamActivitySchema = z.object({
  id: z.uuid(),
  actorName: z.string().nullable(),
  eventId: z.uuid().nullable(),
  eventTitle: z.string().nullable(),
  action: z.string(),
  createdAt: z.string(),
});
export type TeamActivity = z.infer<typeof TeamActivitySchema>;

/** The owner's view of their team. */
export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invites: z.array(TeamInviteSchema),
  events: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamActivityListSchema = z.object({ activity: z.array(TeamActivitySchema) });

export const TeamInviteTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** What the invite link shows before it is accepted. */
export const TeamInvitePreviewSchema = z.object({
  ownerName: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  expiresAt: z.string(),
});
export type TeamInvitePreview = z.infer<typeof TeamInvitePreviewSchema>;

/** A team the signed-in person belongs to, and the owner's events they may act on. */
export const MembershipSchema = z.object({
  ownerId: z.uuid(),
  ownerName: z.string(),
  role: TeamRoleSchema,
  events: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type Membership = z.infer<typeof MembershipSchema>;
export const MembershipListSchema = z.object({ teams: z.array(MembershipSchema) });
