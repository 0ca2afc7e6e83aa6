import type { Access } from './access';

// Who may use the marketing routes: lists, mail campaigns, funnels, promotions and affiliate links.

export const MARKETING_ACCESS: Record<string, Access> = {
  // Marketing: lists, campaigns and funnels are their owner's; the public list form,
  // a published funnel (by slug) and its view/opt-in counters are for anyone.
  'GET /api/marketing/lists/{id}': 'owner',
  'PATCH /api/marketing/lists/{id}': 'owner',
  'DELETE /api/marketing/lists/{id}': 'owner',
  'GET /api/marketing/lists/{id}/subscribers': 'owner',
  'POST /api/marketing/lists/{id}/subscribers': 'owner',
  'DELETE /api/marketing/lists/{id}/subscribers/{subscriberId}': 'owner',
  'POST /api/marketing/lists/{id}/import': 'owner',
  'GET /api/marketing/lists/{id}/export.csv': 'owner',
  'GET /api/marketing/public/lists/{id}': 'public',
  'GET /api/marketing/public/lists/{id}/form': 'public',
  'POST /api/marketing/public/lists/{id}/subscribe': 'public',
  'GET /api/marketing/email-campaigns/{id}': 'owner',
  'PATCH /api/marketing/email-campaigns/{id}': 'owner',
  'DELETE /api/marketing/email-campaigns/{id}': 'owner',
  'POST /api/marketing/email-campaigns/{id}/test': 'owner',
  'POST /api/marketing/email-campaigns/{id}/send': 'owner',
  'POST /api/marketing/email-campaigns/{id}/pause': 'owner',
  'POST /api/marketing/email-campaigns/{id}/cancel': 'owner',
  'GET /api/marketing/funnels/{id}': 'owner',
  'PATCH /api/marketing/funnels/{id}': 'owner',
  'DELETE /api/marketing/funnels/{id}': 'owner',
  'POST /api/marketing/funnels/{id}/publish': 'owner',
  'GET /api/marketing/funnels/{id}/report': 'owner',
  'GET /api/marketing/public/funnels/{slug}': 'public',
  'POST /api/marketing/public/funnels/{slug}/view': 'public',
  'POST /api/marketing/public/funnels/{slug}/opt-in': 'public',
  // A funnel's Buy tickets: a redirect to the event page (with the attribution cookie).
  'GET /api/marketing/public/funnels/{slug}/go': 'public',
  'GET /api/promotions/go/{token}': 'capability',
  'GET /api/promotions/campaigns/{id}': 'owner',
  'PATCH /api/promotions/campaigns/{id}': 'owner',
  'POST /api/promotions/campaigns/{id}/image': 'owner',
  'POST /api/promotions/campaigns/{id}/checkout': 'owner',
  'POST /api/promotions/campaigns/{id}/pause': 'owner',
  'POST /api/promotions/campaigns/{id}/resume': 'owner',
  'POST /api/promotions/campaigns/{id}/end': 'owner',
  // Moderators' review actions: the owner fixture is no moderator, so only refusals are checked.
  'POST /api/promotions/review/{id}/approve': 'owner',
  'GET /api/affiliates/r/{promoId}': 'public',
};
