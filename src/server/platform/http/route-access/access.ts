/**
 * - `owner`: only the resource's owner (organizer of the event, buyer, participant; admins too).
 * - `visible`: whoever may see the event; its owner alone while it is a draft (the fixture).
 * - `signed-in`: any signed-in person; the id names someone else they act towards (follow,
 *   block, rate) and the effect is on their own data.
 * - `public`: anyone, signed out too (public profile pages).
 * - `capability`: the id itself is the secret (a checkout session's random id in its link).
 * - `admin`: the admin console (moderators on some); every other user and signed-out visitors
 *   are refused (the full role matrix is in modules/admin/admin.int.test.ts).
 */
export type Access = 'owner' | 'visible' | 'signed-in' | 'public' | 'capability' | 'admin';
