/**
 * A client of Akira's HTTP API written the way its users write one: the types openapi-typescript generates from
 * `/api/openapi.json` with its defaults (./schema.ts) and openapi-fetch. src/main/server/apiClient.cli.test.ts
 * copies this file into a temp dir beside the generated types, type-checks it with `tsc --strict`, compiles it and
 * runs `run()` against a real `akira serve`. Not part of the app's build (the root tsconfig leaves tests/ out).
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Event = components['schemas']['Event'];
type AgentEvent = Extract<Event, { event: 'agent.onEvent' }>['data'];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Every event's envelope has its seq; in agent.onEvent, seq and ts are typed in every variant (a logged event has
// them, a live notice has none): narrowing on `type` is not needed to read them.
export const envelopeSeq: Equal<Event['seq'], number> = true;
export const agentSeq: Equal<AgentEvent['seq'], number | undefined> = true;
export const agentTs: Equal<AgentEvent['ts'], string | undefined> = true;

/** The frames of GET /api/events as `Event`s (and gap / overflow as they come), until `until` says so. */
async function readEvents(origin: string, token: string, query: string, until: (e: Event) => boolean) {
  const response = await fetch(`${origin}/api/events${query}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.body) throw new Error(`GET /api/events: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const names: string[] = [];
  const got: Event[] = [];
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended after ${names.join(', ')}`);
      text += value;
      let end: number;
      while ((end = text.indexOf('\n\n')) !== -1) {
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        const fields = new Map([...frame.matchAll(/^(\w+): ?(.*)$/gm)].map((m) => [m[1], m[2]]));
        const event = fields.get('event');
        if (!event) continue; // a comment or retry:
        names.push(event);
        const id = fields.get('id');
        if (id === undefined) continue; // gap, overflow: no id of their own
        const parsed = { event, seq: Number(id), data: JSON.parse(fields.get('data') ?? 'null') } as Event;
        got.push(parsed);
        if (until(parsed)) return { names, events: got };
      }
    }
  } finally {
    await reader.cancel();
  }
}

export async function run(origin: string, token: string) {
  const client = createClient<paths>({ baseUrl: origin, headers: { Authorization: `Bearer ${token}` } });

  // No params: no init at all.
  const described = await client.POST('/api/app.describe');
  // Params with defaults (path, offset, limit) left out; so is the body, since `{}` is valid.
  const listed = await client.POST('/api/workspace.list');
  // Some params given, the others (limit, folders) defaulted.
  const found = await client.POST('/api/context.findFiles', { body: { query: 'notes' } });
  // regex, caseSensitive, wholeWord, include, exclude and maxResults defaulted.
  const search = await client.POST('/api/search.start', { body: { query: 'needle' } });
  if (!search.data) throw new Error(`search.start: ${JSON.stringify(search.error)}`);
  const searchId = search.data.result.searchId;

  // A required param is still required, at compile time.
  // @ts-expect-error: query is missing
  const noQuery = () => client.POST('/api/search.start', { body: { regex: true } });
  void noQuery;

  // An error answers the Error schema.
  const missing = await client.POST('/api/workspace.read', { body: { path: 'no-such-file.txt' } });
  const errorCode: components['schemas']['Error']['error']['code'] | undefined = missing.error?.error.code;

  // Every event this fresh server holds, from the start: the search's results among them, and no gap.
  const stream = await readEvents(origin, token, '?lastEventId=0', (e) => e.event === 'search.onResults' && e.data.searchId === searchId && e.data.done !== undefined);
  const results = stream.events.flatMap((e) => (e.event === 'search.onResults' && e.data.searchId === searchId ? e.data.files : []));
  const done = stream.events.find((e) => e.event === 'search.onResults' && e.data.done)?.data;

  return {
    root: described.data?.result.workspace?.root ?? null,
    listed: listed.data?.result.entries.map((entry) => `${entry.kind}:${entry.path}`) ?? null,
    found: found.data?.result.items.map((item) => item.path) ?? null,
    searchHits: results.map((file) => `${file.path}:${file.matches.length}`),
    searchDone: done && 'done' in done ? done.done : null,
    errorStatus: missing.response.status,
    errorCode,
    eventNames: stream.names,
    eventSeqs: stream.events.map((e) => e.seq),
  };
}
