/**
 * `GET /api/openapi.json`: an OpenAPI 3.1 document of the HTTP API, generated from the zod contract with zod 4's
 * `z.toJSONSchema` (JSON Schema 2020-12, OpenAPI 3.1's dialect): one `POST /api/<command>` per command (its input
 * schema as the request body, `io: 'input'`, so defaults are optional; `{result: <output>}` as the 200 answer,
 * `io: 'output'`), the error shape and statuses, bearer / `?token=` auth, and `GET /api/events` with each event's
 * payload schema. Request bodies live in `components.requestBodies` as `<command>` (there, and only there,
 * openapi-typescript keeps a property with a `default` optional; under `components.schemas` its defaults make
 * them required). Schemas live in `components.schemas` as `<command>.output`, `event.<event>` (a payload) and
 * `Event` (the envelope of every event: `{event, seq, data}`, one variant per event); `$defs` zod emits are moved
 * there too so every `$ref` resolves in this document.
 *
 * A field declared absent (`z.undefined().optional()`, e.g. the `seq` and `ts` of a live agent notice) becomes
 * `false`: no value is valid, so a generated type says `never`, not `unknown`. Any other schema zod cannot
 * fully represent is converted again with its unrepresentable parts left open and says so in
 * `x-akira-schema-note`; one that fails even then becomes `{}`: one command never breaks the document.
 */
import { z } from 'zod';
import { commands, events, type CommandName } from '../../shared/contract';
import { STATUS_OF, type ApiErrorCode } from './apiResponses';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const REF = '#/components/schemas/';

/** `{not: {}}`, a schema no value matches (an absent field, `z.never()`). */
const isNothing = (node: object) => {
  const keys = Object.keys(node);
  const not = (node as Json).not;
  return keys.length === 1 && keys[0] === 'not' && !!not && typeof not === 'object' && Object.keys(not).length === 0;
};

/**
 * Rewrites a schema's local refs (`#`, `#/$defs/x`) to the component names its parts get, and `{not: {}}` to
 * `false`, the same schema as generators read it (openapi-typescript: `never`; `{not: {}}` becomes `unknown`).
 */
function rewriteRefs(node: unknown, name: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, name));
  if (!node || typeof node !== 'object') return node;
  if (isNothing(node)) return false;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string') {
      if (value === '#') out[key] = `${REF}${name}`;
      else if (value.startsWith('#/$defs/')) out[key] = `${REF}${name}.${value.slice('#/$defs/'.length)}`;
      else out[key] = value;
    } else {
      out[key] = rewriteRefs(value, name);
    }
  }
  return out;
}

/** One zod schema as components: `name` itself and its `$defs` as `name.<def>`, refs rewritten; never throws. */
export function schemaComponents(name: string, schema: z.ZodType, io: Io): Json {
  const components: Json = {};
  addSchema(components, name, schema, io);
  return components;
}

function addSchema(components: Json, name: string, schema: z.ZodType, io: Io): void {
  let converted: Json;
  let note: string | undefined;
  try {
    converted = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: absentOrThrow }) as Json;
  } catch (strictError) {
    note = `Not fully representable in JSON Schema (${(strictError as Error).message}); those parts accept anything here, the server still validates them.`;
    try {
      converted = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
    } catch (err) {
      note = `Could not be converted to JSON Schema (${(err as Error).message}); the server still validates it.`;
      converted = {};
    }
  }
  const { $schema: _dialect, $defs, ...rest } = converted;
  for (const [defName, def] of Object.entries(($defs ?? {}) as Json)) {
    components[`${name}.${defName}`] = rewriteRefs(def, name);
  }
  components[name] = { ...(rewriteRefs(rest, name) as Json), ...(note ? { 'x-akira-schema-note': note } : {}) };
}

/** `undefined` in an object is a field that is absent: no JSON value matches it. Anything else stays unrepresentable. */
const absentOrThrow = ({ zodSchema }: { zodSchema: z.core.$ZodType }) =>
  zodSchema._zod.def.type === 'undefined' ? { not: {} } : ('throw' as const);

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(STATUS_OF) },
        message: { type: 'string', description: 'A sentence for people.' },
        details: {
          type: 'object',
          additionalProperties: true,
          description: 'Specifics, e.g. `fields: [{path, message}]` of a bad_request, `sharedTreeBusy` of agent.start.',
        },
        words: {
          type: 'object',
          required: ['key', 'values'],
          properties: { key: { type: 'string' }, values: { type: 'array', items: { type: ['string', 'number'] } } },
          description: "The message as a key of Akira's error catalogs and its values, to say it in another language (absent when not in a catalog).",
        },
      },
    },
  },
};

/** The error responses, one per status, named by their code(s). */
function errorResponses(): Record<string, Json> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const [code, status] of Object.entries(STATUS_OF) as [ApiErrorCode, number][]) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, codes] of byStatus) {
    responses[String(status)] = {
      description: `error.code ${codes.map((c) => `\`${c}\``).join(' or ')}`,
      content: { 'application/json': { schema: { $ref: `${REF}Error` } } },
    };
  }
  return responses;
}

/** The request body of a command: its input schema inline (see the header), not required when `{}` is valid. */
function commandRequestBody(name: CommandName, def: (typeof commands)[CommandName], schemas: Json): Json {
  const takesNothing = def.input.safeParse({}).success;
  const parts = schemaComponents(`${name}.input`, def.input, 'input');
  const { [`${name}.input`]: schema, ...defs } = parts;
  Object.assign(schemas, defs);
  // A recursive input refers to itself by name: that name then stays a schema too.
  if (JSON.stringify(parts).includes(`"${REF}${name}.input"`)) schemas[`${name}.input`] = schema;
  return {
    required: !takesNothing,
    description: takesNothing ? 'No params needed: an empty body or `{}` will do.' : 'The params, as JSON.',
    content: { 'application/json': { schema } },
  };
}

function commandPath(name: CommandName, def: (typeof commands)[CommandName]): Json {
  const statuses = Object.keys(errorResponses());
  return {
    post: {
      operationId: name.replace(/\./g, '_'),
      tags: [name.split('.')[0]],
      summary: def.description.split(/(?<=\.)\s/)[0],
      description: def.description,
      requestBody: { $ref: `#/components/requestBodies/${name}` },
      responses: {
        '200': {
          description: 'The result.',
          content: {
            'application/json': {
              schema: { type: 'object', required: ['result'], properties: { result: { $ref: `${REF}${name}.output` } } },
            },
          },
        },
        ...Object.fromEntries(statuses.map((s) => [s, { $ref: `#/components/responses/Error${s}` }])),
      },
    },
  };
}

/** `Event`: what one frame of the stream carries, `{event: <name>, seq: <its id:>, data: <payload>}`, one variant per event. */
function eventEnvelope(): Json {
  return {
    description: 'One event of GET /api/events: `event` is the frame\'s `event:`, `seq` its `id:`, `data` its `data:` (parsed).',
    oneOf: Object.keys(events).map((name) => ({
      type: 'object',
      required: ['event', 'seq', 'data'],
      properties: {
        event: { type: 'string', const: name },
        seq: { type: 'integer', minimum: 1, description: 'The bus\'s number of the event: the frame\'s `id:`, what Last-Event-ID resumes after.' },
        data: { $ref: `${REF}event.${name}` },
      },
      additionalProperties: false,
    })),
  };
}

function eventsPath(): Json {
  return {
    get: {
      operationId: 'events',
      tags: ['events'],
      summary: 'Every event, as Server-Sent Events.',
      description: [
        'A text/event-stream of every event of the core: `id: <seq>`, `event: <name>`, `data: <JSON payload>`',
        '(`components.schemas.Event` is one frame as `{event, seq, data}`; each payload is `event.<name>` there, and',
        '`x-akira-events` maps the names to them). A comment line every 15 s keeps the connection alive. Resume with `Last-Event-ID` (or',
        '`?lastEventId=`): the events after it follow from a bounded replay buffer (the last 10,000 events or 16 MB);',
        'when they are no longer held the stream starts with `event: gap` (`{lastEventId, resumeFrom, missed}`).',
        'A reader that falls more than the buffer behind gets `event: overflow` (`{lastEventId, oldestAvailable}`)',
        'and is closed; reconnect with that id.',
      ].join(' '),
      parameters: [
        { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string', pattern: '^\\d+$' } },
        { name: 'lastEventId', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d+$' } },
        {
          name: 'events',
          in: 'query',
          required: false,
          description: 'Only these events: comma-separated names, or `domain.*`.',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description: 'The stream (it does not end by itself).',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
          'x-akira-events': Object.fromEntries(
            Object.keys(events).map((name) => [name, { $ref: `${REF}event.${name}` }]),
          ),
        },
        ...Object.fromEntries(['400', '401', '403', '405', '421'].map((s) => [s, { $ref: `#/components/responses/Error${s}` }])),
      },
    },
  };
}

/** Builds the document (once per server; it depends only on the contract and the version). */
export function buildOpenApiDocument(version: string): Json {
  const schemas: Json = { Error: ERROR_SCHEMA };
  const requestBodies: Json = {};
  const paths: Json = {};
  for (const name of Object.keys(commands) as CommandName[]) {
    const def = commands[name];
    requestBodies[name] = commandRequestBody(name, def, schemas);
    addSchema(schemas, `${name}.output`, def.output, 'output');
    paths[`/api/${name}`] = commandPath(name, def);
  }
  for (const [name, def] of Object.entries(events)) addSchema(schemas, `event.${name}`, def.data as z.ZodType, 'output');
  schemas.Event = eventEnvelope();
  paths['/api/events'] = eventsPath();
  paths['/api/openapi.json'] = {
    get: {
      operationId: 'openapi',
      tags: ['meta'],
      summary: 'This document.',
      description: 'Served without a token (it holds no data); the Host and Origin checks still apply.',
      security: [],
      responses: { '200': { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
  const responses = Object.fromEntries(
    Object.entries(errorResponses()).map(([status, response]) => [`Error${status}`, response]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Akira HTTP API',
      version,
      description: [
        'The commands of the Akira contract over HTTP: `POST /api/<command>` with the params as the JSON body',
        '(`Content-Type: application/json`; an empty body is `{}`) answers 200 `{"result": …}` or an error',
        '`{"error": {code, message, details?}}` with the status of its code. Events stream at `GET /api/events`.',
        'Authenticate with the token `akira serve` prints (or reads from --token-file): `Authorization: Bearer',
        '<token>` or `?token=<token>`. Same origin only: no CORS; a foreign Origin is refused (403) and so is a Host',
        'that is not the bound address (421).',
      ].join(' '),
    },
    servers: [{ url: '/', description: 'The server that serves this document.' }],
    security: [{ bearerAuth: [] }, { tokenQuery: [] }],
    tags: [...new Set(Object.keys(commands).map((n) => n.split('.')[0])), 'events', 'meta'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token akira serve prints.' },
        tokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas,
      requestBodies,
      responses,
    },
  };
}
