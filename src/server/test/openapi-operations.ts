// The app's own OpenAPI document, walked by the generated tests (API fuzz, route access), so a
// route added later is covered without anyone touching those tests.

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. `/api/events/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes a JSON body. */
  body?: JsonSchema;
  /** Content types of the body (JSON, multipart…). */
  bodyTypes: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: content['application/json']?.schema,
        bodyTypes: Object.keys(content),
      });
    }
  }
  return operations;
}

/** The path parameters of a template, in order: `/a/{id}/b/{bId}` → `['id', 'bId']`. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** The path with each parameter replaced (values are URL-encoded unless `raw`). */
export function fillPath(
  path: string,
  values: Record<string, string>,
  { raw = false }: { raw?: boolean } = {},
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? '';
    return raw ? value : encodeURIComponent(value);
  });
}

const SAMPLE_BY_FORMAT: Record<string, string> = {
  email: 'fuzz@example.test',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2030-06-01T18:00:00Z',
  date: '2030-06-01',
  uri: 'https://example.test/x',
  url: 'https://example.test/x',
};

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  return undefined;
}

/**
 * A value the schema accepts, as far as the schema says (refinements it cannot express, such as
 * "ends after it starts", may still reject it): the starting point every mutation changes one
 * part of, so a mutation reaches the check it aims at rather than failing on a missing field.
 */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? null;
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) {
    const choice = union.find((option) => typeOf(option) !== 'null') ?? union[0];
    return exampleOf(choice, depth + 1);
  }
  if (schema.allOf?.length) return exampleOf(schema.allOf[0], depth + 1);
  switch (typeOf(schema)) {
    case 'string': {
      const sample = schema.format ? SAMPLE_BY_FORMAT[schema.format] : undefined;
      if (sample) return sample;
      const length = Math.max(schema.minLength ?? 0, 3);
      return 'abcdefgh'.repeat(Math.ceil(length / 8)).slice(0, length);
    }
    case 'integer':
    case 'number': {
      const min =
        typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : (schema.minimum ?? 1);
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => exampleOf(schema.items, depth + 1));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        value[name] = exampleOf(schema.properties?.[name], depth + 1);
      }
      return value;
    }
    default:
      return schema.default ?? 'x';
  }
}
