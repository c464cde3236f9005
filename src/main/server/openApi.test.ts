import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandNames, commands, eventNames } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { tempDir } from '../../testing/tempTree';
import { startServer, type RunningServer } from './httpServer';
import { STATUS_OF } from './apiResponses';
import { buildOpenApiDocument, schemaComponents } from './openApi';

// The OpenAPI 3.1 document generated from the zod contract: served without a token (Host and Origin still
// checked), a POST path per command, every $ref resolving, and schemas zod cannot fully convert kept open.

let core: Core;
let server: RunningServer;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const base = await tempDir('akira-openapi-');
  cleanups.push(base.cleanup);
  const workspace = join(base.dir, 'project');
  await mkdir(workspace);
  execFileSync('git', ['init', '-q'], { cwd: workspace });
  core = await createCore({ workspaceRoot: workspace, dataDir: join(base.dir, 'data'), face: 'test', version: '9.9.9-test', watch: false });
  server = await startServer({ core, staticDir: join(base.dir, 'renderer') });
});

afterAll(async () => {
  await server?.close();
  await core?.dispose();
  for (const cleanup of cleanups) await cleanup();
});

/** Every `$ref` in a document, with where it was found. */
function refs(node: unknown, at = '#', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((n, i) => refs(n, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push([at, value]);
      else refs(value, `${at}/${key}`, out);
    }
  }
  return out;
}

function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

describe('GET /api/openapi.json', () => {
  it('is served without a token, but with the Host and Origin checks', async () => {
    const res = await fetch(`${server.origin}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('9.9.9-test');
    const head = await fetch(`${server.origin}/api/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${server.origin}/api/openapi.json`, { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await fetch(`${server.origin}/api/openapi.json`, { method: 'POST' })).status).toBe(405);
    const { request } = await import('node:http');
    const status = await new Promise<number>((done, fail) => {
      request({ host: '127.0.0.1', port: server.port, path: '/api/openapi.json', headers: { Host: 'rebound.example' } }, (r) => {
        r.resume();
        done(r.statusCode ?? 0);
      })
        .on('error', fail)
        .end();
    });
    expect(status).toBe(421);
  });

  it('has one POST path per command of the contract, with its description, plus the event stream', async () => {
    const doc = (await (await fetch(`${server.origin}/api/openapi.json`)).json()) as any;
    const commandPaths = Object.keys(doc.paths).filter((p) => p !== '/api/events' && p !== '/api/openapi.json');
    expect(commandPaths.sort()).toEqual(commandNames.map((n) => `/api/${n}`).sort());
    for (const name of commandNames) {
      const op = doc.paths[`/api/${name}`].post;
      expect(op.description, name).toBe(commands[name].description);
      expect(Object.keys(op.responses).sort(), name).toEqual(['200', ...new Set(Object.values(STATUS_OF).map(String))].sort());
      expect(op.requestBody.$ref).toBe(`#/components/requestBodies/${name}`);
      expect(doc.components.requestBodies[name].content['application/json'].schema.type, name).toBe('object');
    }
    expect(new Set(Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((op: any) => op.operationId))).size).toBe(commandNames.length + 2);
    expect(doc.components.requestBodies['app.describe'].required).toBe(false);
    expect(doc.components.requestBodies['agent.start'].required).toBe(true);
    // Params that are all optional (an empty body is `{}`): no body needed.
    expect(doc.components.requestBodies['workspace.list'].required).toBe(false);

    const start = doc.components.requestBodies['agent.start'].content['application/json'].schema;
    expect(start.type).toBe('object');
    expect(start.properties.task).toMatchObject({ type: 'string', minLength: 1, maxLength: 20000 });
    expect(start.required).toContain('task');
    expect(start.additionalProperties).toBe(false);
    expect(doc.components.schemas['agent.start.output'].properties.sessionId.type).toBe('string');

    const events = doc.paths['/api/events'].get;
    expect(Object.keys(events.responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(events.responses['200']['x-akira-events']).sort()).toEqual([...eventNames].sort());
    expect(doc.paths['/api/openapi.json'].get.security).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
  });

  it('resolves every $ref inside the document and leaves no $schema or $defs in the schemas', () => {
    const doc = buildOpenApiDocument('1.2.3');
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(commandNames.length * 3);
    for (const [at, ref] of all) expect(resolve(doc, ref), `${ref} at ${at}`).toBeDefined();
    const text = JSON.stringify((doc.components as any).schemas);
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain('"$defs"');
  });

  it('keeps a schema zod cannot fully represent open, with a note, instead of breaking the document', () => {
    const partly = schemaComponents('x.input', z.object({ keep: z.string(), odd: z.bigint() }), 'output') as any;
    expect(partly['x.input'].properties.keep).toEqual({ type: 'string' });
    expect(partly['x.input']['x-akira-schema-note']).toContain('Not fully representable');

    const broken = { '~standard': {}, _zod: { def: { type: 'nonsense' } } } as unknown as z.ZodType;
    const fallback = schemaComponents('y.input', broken, 'input') as any;
    expect(fallback['y.input']).toEqual({ 'x-akira-schema-note': expect.stringContaining('Could not be converted') });
  });

  it('says a field declared absent (z.undefined) holds no value, e.g. seq and ts of a live agent notice', () => {
    const absent = schemaComponents('n.output', z.object({ seq: z.undefined().optional(), text: z.string() }), 'output') as any;
    expect(absent['n.output'].properties.seq).toBe(false);
    expect(absent['n.output'].required).toEqual(['text']);
    expect(absent['n.output']['x-akira-schema-note']).toBeUndefined();

    const doc = buildOpenApiDocument('1.2.3') as any;
    const variants = doc.components.schemas['event.agent.onEvent'].oneOf as any[];
    const notice = variants.find((v) => v.properties.type.const === 'warning');
    const logged = variants.find((v) => v.properties.type.const === 'session_started');
    expect(notice.properties.seq).toBe(false);
    expect(notice.properties.ts).toBe(false);
    expect(logged.properties.seq.type).toBe('integer');
    expect(logged.required).toEqual(expect.arrayContaining(['seq', 'ts']));
    expect(doc.components.schemas['event.agent.onEvent']['x-akira-schema-note']).toBeUndefined();
  });

  it('has the envelope of every event (`Event`: {event, seq, data}) under components', () => {
    const doc = buildOpenApiDocument('1.2.3') as any;
    const variants = doc.components.schemas.Event.oneOf as any[];
    expect(variants.map((v) => v.properties.event.const).sort()).toEqual([...eventNames].sort());
    for (const v of variants) {
      expect(v.required).toEqual(['event', 'seq', 'data']);
      expect(v.properties.seq.type).toBe('integer');
      expect(v.properties.data.$ref).toBe(`#/components/schemas/event.${v.properties.event.const}`);
    }
  });

  it('moves $defs into components and rewrites self and shared references', () => {
    const Leaf = z.object({ value: z.number() }).meta({ id: 'Leaf' });
    const Tree: z.ZodType = z.object({
      leaf: Leaf,
      other: Leaf,
      get children() {
        return z.array(Tree);
      },
    });
    const components = schemaComponents('tree.output', Tree, 'output') as Record<string, any>;
    const doc = { components: { schemas: components } };
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const [at, ref] of all) {
      expect(ref.startsWith('#/components/schemas/tree.output'), ref).toBe(true);
      expect(resolve(doc, ref), `${ref} at ${at}`).toBeDefined();
    }
  });
});
