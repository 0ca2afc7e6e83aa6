// How the fake speaks Stripe: its ids, its error bodies, its form-encoded parameters.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** As Stripe: three-decimal currencies are charged in hundredths, the last digit 0. */
export const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
    },
  ) {
    super(body.message);
  }
}

export const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeHttpError(400, { type: 'invalid_request_error', code, message, param });
export const missingParam = (param: string) =>
  new StripeHttpError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

/** The object kept under `id`, or Stripe's 404 for a `kind` it does not know. */
export function found<T>(kept: Map<string, T>, kind: string, id: string): T {
  const object = kept.get(id);
  if (object === undefined) throw noSuch(kind, id);
  return object;
}

export function newId(prefix: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${prefix}_${out}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Parses `a[b][0][c]=v` pairs the way Stripe does: nested objects, indexed keys become arrays. */
export function parseStripeForm(params: URLSearchParams): JsonObject {
  const root: JsonObject = {};
  for (const [key, value] of params) {
    const path = key.replace(/\]/g, '').split('[');
    let node: JsonObject = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      // `expand[]=x` style (empty segment) appends.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
      } else {
        const next = node[name];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[name] = {};
        node = node[name] as JsonObject;
      }
    });
  }
  return arraysFromIndexedObjects(root) as JsonObject;
}

function arraysFromIndexedObjects(value: Json): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export function str(params: JsonObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name);
  return value;
}

export function int(params: JsonObject, name: string, paramPath = name): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalid(`Invalid integer: ${String(value)}`, paramPath, 'parameter_invalid_integer');
  }
  return Number(value);
}

export function obj(params: JsonObject, name: string): JsonObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`Invalid object`, name);
  }
  return value;
}

export function stringMap(value: JsonObject | undefined, param: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value ?? {})) {
    if (typeof v !== 'string') throw invalid(`Invalid metadata value for ${k}`, `${param}[${k}]`);
    out[k] = v;
  }
  return out;
}

export function wantsExpand(params: JsonObject, field: string): boolean {
  const expand = params.expand;
  return Array.isArray(expand) && expand.includes(field);
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One of the hosted pages the browser tests open (checkout, billing portal). */
export function htmlPage(res: ServerResponse, status: number, content: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>Fake Stripe</title></head><body>${content}</body></html>`,
  );
}
