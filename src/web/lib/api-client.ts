import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorBody, ErrorCode } from '../../contracts/errors';

const NETWORK_FAILED = msg`Network request failed. Please check your connection.`;
// A request can fail before the first catalog is active (Lingui throws then): English.
const networkFailed = () =>
  i18n.locale ? i18n._(NETWORK_FAILED) : 'Network request failed. Please check your connection.';

/** A failing API call: the server's `{ error: { code, message, details? } }` body, plus the status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/**
 * The request never got an answer (offline, DNS, connection reset). Kept apart from ApiError
 * because spec §8 hides some failure toasts for a plain network failure. The message is in the
 * language of the moment it failed; errorMessage() reads it again in the page's language.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(override readonly cause: unknown) {
    super(networkFailed());
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Non-2xx statuses whose body is a normal answer, e.g. /api/health answers 503 with the
   * same document when degraded.
   */
  acceptStatuses?: readonly number[];
  /** Extra request headers, e.g. `Idempotency-Key` on order creation. */
  headers?: Record<string, string>;
  /**
   * A GET the page's HTML preloads (`<link rel="preload" as="fetch">`, page-preload.ts): sent
   * without our `accept` header, as the preload was, because Chromium hands a preloaded answer
   * only to a request with the same headers; with ours it fetches the answer a second time.
   */
  preloaded?: boolean;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

// Used when a failing response carries no error body (a proxy's HTML page, an empty 502).
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 422) return 'UNPROCESSABLE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'INTERNAL';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Asks the person to confirm it is them (password or passkey); true once they did. */
type ReauthPrompt = () => Promise<boolean>;
let reauthPrompt: ReauthPrompt | null = null;
let openPrompt: Promise<boolean> | null = null;

/**
 * Sensitive actions answer 403 REAUTH_REQUIRED when the last password check is older than ten
 * minutes (decision 061); the two-factor feature hands in its dialog here, and every call asks
 * once and retries, so no feature has to handle it on its own.
 */
export function setReauthPrompt(prompt: ReauthPrompt): void {
  reauthPrompt = prompt;
}

/**
 * Calls our own API with the session cookie and JSON in and out. Resolves with the parsed body
 * (typed by the caller from src/contracts); rejects with ApiError or NetworkError.
 */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  try {
    return await sendRequest<T>(path, request);
  } catch (error) {
    if (!reauthPrompt || errorReason(error) !== 'REAUTH_REQUIRED') throw error;
    // Calls refused together share one dialog.
    openPrompt ??= reauthPrompt().finally(() => (openPrompt = null));
    if (!(await openPrompt)) throw error;
    return sendRequest<T>(path, request);
  }
}

async function sendRequest<T>(path: string, request: ApiRequest): Promise<T> {
  const { method = 'GET', body, signal, acceptStatuses = [] } = request;
  const headers: Record<string, string> = request.preloaded
    ? { ...request.headers }
    : { ...request.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // An abort is the caller's own doing (TanStack Query cancelling), not a network failure.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const data = await readJson(response);
  if (response.ok || acceptStatuses.includes(response.status)) return data as T;
  if (isErrorBody(data)) {
    throw new ApiError(response.status, data.error.code, data.error.message, data.error.details);
  }
  throw new ApiError(
    response.status,
    codeForStatus(response.status),
    `Request failed with status ${response.status}`,
  );
}

export const apiGet = <T>(path: string, request?: Omit<ApiRequest, 'method' | 'body'>) =>
  apiRequest<T>(path, { ...request, method: 'GET' });

export const apiPost = <T>(path: string, body?: unknown, request?: Omit<ApiRequest, 'body'>) =>
  apiRequest<T>(path, { ...request, method: 'POST', body });

export const apiPatch = <T>(path: string, body?: unknown, request?: Omit<ApiRequest, 'body'>) =>
  apiRequest<T>(path, { ...request, method: 'PATCH', body });

export const apiDelete = <T>(path: string, request?: Omit<ApiRequest, 'body' | 'method'>) =>
  apiRequest<T>(path, { ...request, method: 'DELETE' });

/**
 * The text to show for a failed call: the server's message (spec §8 "server message, else …"),
 * the network text, or the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !error.message.startsWith('Request failed'))
    return error.message;
  if (error instanceof NetworkError) return networkFailed();
  return fallback;
}

/**
 * Field messages of a validation error (`details.fields`), keyed by field name without the
 * `body.` prefix the server's schema errors carry.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return {};
  const result: Record<string, string> = {};
  for (const item of fields as { field?: unknown; message?: unknown }[]) {
    if (typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    const name = item.field.replace(/^body\./, '');
    result[name] ??= item.message;
  }
  return result;
}

/** `details.reason` of an error body (e.g. EMAIL_NOT_CONFIRMED, or expired/used/invalid links). */
export function errorReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}
