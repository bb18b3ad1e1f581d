import { createRequire } from 'node:module';
import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ErrorBodySchema } from '../../contract/http.ts';
import { type Access, namesCaller, type RouteSpec } from '../../contract/route-entry.ts';
import { type OpenApiDocument, ROUTES } from '../../contract/routes.ts';

// The API as OpenAPI 3.1, made from the route table (contract/routes.ts) once per process and served
// at GET /openapi.json (docs/decisions/030-one-route-table.md).

type Json = Record<string, unknown>;

/**
 * What JSON Schema can not say is left out of the document and checked by the API all the same: trims,
 * and the checks written as functions (a picture's address, a calendar day, a finite number). Any other
 * schema that can not be converted fails the document, and its test, rather than describe it wrongly.
 */
const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  errorMode: 'throw',
  ignoreActions: ['trim', 'check', 'finite'],
};

function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): Json {
  const { $schema: _, ...converted } = toJsonSchema(schema, { ...CONVERSION, typeMode }) as JsonSchema & Json;
  return converted;
}

/** '/item-detail/:id' → '/item-detail/{id}'. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const SECURITY: Record<Access, Json[]> = {
  public: [],
  gateway: [],
  idToken: [{ idToken: [] }],
  signedIn: [{ apiToken: [] }],
  admin: [{ apiToken: [] }],
  // From the API's own host no token is needed.
  scraper: [{ metricsToken: [] }, {}],
};

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

function parameters(entry: RouteSpec): Json[] {
  const params = entry.params && jsonSchema(entry.params, 'input');
  const query = entry.query && jsonSchema(entry.query, 'input');
  const propertyOf = (schema: Json | undefined, name: string) =>
    (schema?.properties as Record<string, Json> | undefined)?.[name];
  const inPath = [...entry.path.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: propertyOf(params, name) ?? { type: 'string' },
  }));
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const inQuery = Object.entries((query?.properties as Record<string, Json> | undefined) ?? {}).map(
    ([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }),
  );
  const caller = namesCaller(entry)
    ? [
        {
          name: 'uid',
          in: 'query',
          required: false,
          description: 'The caller names its own account (spec section 6); another account is 403.',
          schema: { type: 'string' },
        },
      ]
    : [];
  return [...inPath, ...inQuery, ...caller];
}

function requestBody(entry: RouteSpec): Json | undefined {
  if (!entry.body) return undefined;
  const schema = jsonSchema(entry.body, 'input');
  if (entry.bodyKind === 'form') {
    return {
      description: "The gateway's fields, by its own names",
      content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
    };
  }
  return { required: true, content: { 'application/json': { schema } } };
}

function success(entry: RouteSpec): Json {
  const answer = entry.answer && jsonSchema(entry.answer, 'output');
  switch (entry.kind ?? 'json') {
    case 'json':
      return {
        description: entry.paged ? 'One page, newest first' : 'OK',
        ...(entry.paged
          ? {
              headers: {
                Link: {
                  description: 'The next page: `<?…cursor=…>; rel="next"` (RFC 8288), absent on the last',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
        content: { 'application/json': { schema: answer ?? {} } },
      };
    case 'events':
      return {
        description:
          'Server-Sent Events: each `event: order` has the event id as `id:` and its `data:` as x-event-data says; `event: end` says why the server closes the stream',
        content: { 'text/event-stream': { schema: { type: 'string' }, 'x-event-data': answer } },
      };
    case 'redirect':
      return {
        description: 'To the storefront',
        headers: { Location: { schema: { type: 'string', format: 'uri' } } },
      };
    case 'html':
      return { description: 'A page', content: { 'text/html': { schema: { type: 'string' } } } };
    case 'text':
      return { description: 'Text', content: { 'text/plain': { schema: { type: 'string' } } } };
    case 'file':
      return { description: 'A file', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
  }
}

function operation(name: string, entry: RouteSpec): Json {
  const signedIn = entry.access !== 'public' && entry.access !== 'gateway';
  const checked = entry.params || entry.query || (entry.body && entry.bodyKind !== 'form');
  return {
    operationId: name,
    tags: [entry.tag],
    summary: entry.summary,
    ...(entry.description ? { description: entry.description } : {}),
    security: SECURITY[entry.access],
    parameters: parameters(entry),
    ...(requestBody(entry) ? { requestBody: requestBody(entry) } : {}),
    responses: {
      [String(entry.status ?? 200)]: success(entry),
      ...(checked ? { 400: errorAnswer('The input is refused: the message says why') } : {}),
      ...(signedIn && entry.access !== 'scraper' ? { 401: errorAnswer('Sign in (again)') } : {}),
      ...(signedIn ? { 403: errorAnswer('Not for this caller') } : {}),
      ...(entry.admission
        ? { 503: errorAnswer('Too busy: send it again after Retry-After (the call did nothing)') }
        : {}),
      default: errorAnswer('Any other refusal or failure'),
    },
  };
}

const API_VERSION: string = createRequire(import.meta.url)('../../package.json').version;

/** The document, made from the table. */
export function openApiDocument(routes: Readonly<Record<string, RouteSpec>> = ROUTES): OpenApiDocument {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, entry] of Object.entries(routes)) {
    const path = openApiPath(entry.path);
    paths[path] = { ...paths[path], [entry.method.toLowerCase()]: operation(name, entry) };
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Pizzon API',
      version: API_VERSION,
      description:
        'The storefront’s API. The storefront serves it under /api; every refusal answers { message }.',
    },
    servers: [{ url: '.', description: 'Where this document was read from' }],
    tags: [...new Set(Object.values(routes).map((entry) => entry.tag))].map((tag) => ({ name: tag })),
    components: {
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Our API token, from POST /jwt',
        },
        idToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The identity provider’s ID token (Firebase Auth)',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output') },
    },
    paths,
  };
}
