// Business constants of spec §9, in one place for web and server.

export const PASSWORD_MIN_LENGTH = 6;
export const SIGNUP_REDIRECT_TO_LOGIN_MS = 5000;
export const NEW_USER_THRESHOLD_MS = 5 * 60 * 1000;

export const NOTIFICATION_FETCH_THROTTLE_MS = 2000;
export const NOTIFICATION_REFRESH_MS = 300_000;
export const CHAT_BADGE_POLL_MS = 5000;
export const PAYMENT_SUCCESS_WINDOW_MS = 10 * 60 * 1000;

export const RECENT_NOTIFICATION_TOAST_WINDOW_MS = 30_000;
export const LIVE_TOAST_MS = 5000;
export const SYSTEM_TOAST_MS = 8000;
export const PUSH_PROMPT_MS = 10_000;
export const PUSH_PROMPT_DELAY_MS = 3000;
export const DEFAULT_TOAST_MS = 5000;
export const MAX_VISIBLE_TOASTS = 1;

export const NOTIFICATION_SOUND = {
  firstHz: 800,
  secondHz: 600,
  volume: 0.6,
  seconds: 0.3,
} as const;

export const SUBSCRIPTION_REFRESH_MS = 300_000;
export const EVENTS_DEFAULT_LIMIT = 50;
export const HOME_UPCOMING_EVENTS = 3;
/** How many of the next events the home page reads to find this weekend's and nearby ones. */
export const HOME_EVENT_POOL = 50;
export const STREAM_NOTIFICATIONS_LIMIT = 10;

export const VENDOR_APPLICATIONS_REFRESH_MS = 30_000;
export const AFFILIATE_COOKIE_DAYS = 30;

export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_BANNER_MS = 5000;

export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const RATING_DIALOG_DELAY_MS = 1000;

export const HEADLINE_ROTATE_MS = 3000;
export const HEADLINE_FADE_MS = 300;
export const FACE_RECOGNITION_TIMEOUT_MS = 60_000;

// spec §9 "Data cache": the app-level client retries once and never refetches on focus;
// the other variant retries 3 times, doubling from 1 s up to 30 s, and drops unused data after 5 min.
export const QUERY_RETRY_APP = 1;
export const QUERY_RETRY_DATA = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;
export const QUERY_GC_MS = 5 * 60 * 1000;
