import type { Access } from './access';

// Who may use the routes of one's account, the developer tools, subscriptions and the admin console.

export const ACCOUNT_ACCESS: Record<string, Access> = {
  // API keys: managed by their owner; the public API answers a bearer key only.
  'DELETE /api/developer/keys/{id}': 'owner',
  'PATCH /api/developer/keys/{id}': 'owner',
  // Webhook endpoints: their owner's only (webhook-endpoints.int.test.ts checks the owner side).
  'PATCH /api/developer/webhooks/{id}': 'owner',
  'DELETE /api/developer/webhooks/{id}': 'owner',
  'GET /api/developer/webhooks/{id}/deliveries': 'owner',
  'POST /api/developer/webhooks/{id}/test': 'owner',
  'POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/resend': 'owner',
  // The ticket widget asks whether its checkout is paid by the random id it made (the secret).
  'GET /api/developer/widget/checkouts/{nonce}': 'capability',
  // The widget's live availability: public for published public events (the draft fixture: none).
  'GET /api/developer/widget/events/{id}/availability': 'visible',
  'GET /api/v1/events/{id}': 'owner',
  'PATCH /api/v1/events/{id}': 'owner',
  'GET /api/v1/events/{id}/orders': 'owner',
  'GET /api/v1/events/{id}/vendors': 'owner',
  'GET /api/v1/events/{id}/attendees': 'owner',
  'GET /api/v1/events/{id}/transfers': 'owner',
  'POST /api/v1/events/{id}/check-ins': 'owner',
  'GET /api/v1/events/{id}/capacity-pools': 'owner',
  'GET /api/v1/events/{id}/waitlist': 'owner',
  'POST /api/v1/events/{id}/waitlist': 'owner',
  'POST /api/v1/events/{id}/waitlist/{entryId}/offer': 'owner',
  'POST /api/v1/events/{id}/waitlist/{entryId}/cancel': 'owner',
  'GET /api/v1/events/{id}/exports': 'owner',
  'POST /api/v1/events/{id}/exports': 'owner',
  'GET /api/v1/events/{id}/exports/{exportId}': 'owner',
  'GET /api/v1/events/{id}/exports/{exportId}/file': 'owner',
  'DELETE /api/auth/passkeys/{id}': 'owner',
  // Where one is signed in: one's own sessions only (devices.int.test.ts checks the owner side).
  'DELETE /api/devices/sessions/{id}': 'owner',
  // Teams: the owner manages invitations and members; a member leaves only their own membership
  // (teams.int.test.ts checks the owner and member sides).
  'DELETE /api/teams/invites/{id}': 'owner',
  'PATCH /api/teams/members/{id}': 'owner',
  'DELETE /api/teams/members/{id}': 'owner',
  'DELETE /api/teams/memberships/{id}': 'owner',
  // A person's data download: its owner alone (privacy.int.test.ts: admins are refused too).
  'GET /api/privacy/exports/{id}/file': 'owner',
  'POST /api/notifications/{id}/read': 'owner',
  'POST /api/stream-notifications/{id}/read': 'owner',
  // Subscriptions: the person's own invoice; plan edits are admin-only (anyone else 401/403).
  'GET /api/subscriptions/me/invoices/{id}': 'owner',
  'PATCH /api/admin/subscription-plans/{id}': 'owner',
  'DELETE /api/admin/subscription-plans/{id}': 'owner',
  'POST /api/support-tickets/{id}/status': 'admin',
  'GET /api/admin/users/{id}': 'admin',
  'POST /api/admin/users/{id}/roles': 'admin',
  'POST /api/admin/users/{id}/suspend': 'admin',
  'POST /api/admin/users/{id}/reactivate': 'admin',
  'POST /api/admin/events/{id}/moderate': 'admin',
  'POST /api/admin/orders/{id}/refund': 'admin',
  'POST /api/admin/reports/{id}/action': 'admin',
  'POST /api/admin/users/{id}/password-reset': 'admin',
  // The tax on MEA Events' own charges (decision 081), per kind of charge.
  'PUT /api/admin/platform-tax-rates/{kind}': 'admin',
  'DELETE /api/admin/platform-tax-rates/{kind}': 'admin',
  // … and per plan, vendor fee or campaign (decision 093).
  'PUT /api/admin/platform-tax-rates/{kind}/items/{itemId}': 'admin',
  'DELETE /api/admin/platform-tax-rates/{kind}/items/{itemId}': 'admin',
  // The platform's own wallet accounts, for organizers without theirs (decision 099).
  'DELETE /api/admin/wallet-passes/{kind}': 'admin',
  'POST /api/admin/users/{id}/resend-confirmation': 'admin',
  'POST /api/admin/users/{id}/erase': 'admin',
  'POST /api/admin/events/{id}/cancel': 'admin',
  'POST /api/admin/events/{id}/transfer': 'admin',
};
