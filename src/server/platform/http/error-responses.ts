import { ErrorBodySchema } from '../../../contracts/errors';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;
type ErrorMap<S extends ErrorStatus> = { [K in S as `${K}`]: typeof ErrorBodySchema };

/**
 * The error answers a group of routes documents, all with the one shared error body: the API
 * document and the response serializer both read this map, so a route lists the statuses it
 * can answer and nothing else.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): ErrorMap<S[number]> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as ErrorMap<
    S[number]
  >;
}
