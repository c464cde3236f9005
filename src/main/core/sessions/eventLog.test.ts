import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { openEventLog, parseEventLog, readEventLog, serializeEvent } from './eventLog';
import { replay } from '../../../shared/agent/sessionReplay';
import type { SessionEvent } from '../../../shared/agent/sessionEvents';
import { eventFactory, started, todo } from '../../../testing/sessionEvents';

function sampleEvents(n: number): SessionEvent[] {
  const ev = eventFactory();
  const out = [ev(started), ev({ type: 'plan_proposed', todos: [todo('a'), todo('b', 'pending', { description: 'Unicode: 日本語 ✓ "quotes" \\ back' })] })];
  for (let i = out.length; i < n; i++) {
    out.push(
      i % 3 === 0
        ? ev({ type: 'user_message', messageId: `m${i}`, text: `message ${i} with\nnewline and é` })
        : ev({ type: 'model_call', model: 'm', phase: 'execute', status: 200, latencyMs: i, usage: { promptTokens: i, completionTokens: 1 } }),
    );
  }
  return out;
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir('akira-log-')));
afterEach(() => cleanup());

describe('event log', () => {
  it('round-trips events through a file, one line each, synced', async () => {
    const path = join(dir, 'events.jsonl');
    const events = sampleEvents(20);
    const writer = await openEventLog(path);
    await writer.append(events.slice(0, 1));
    await writer.append(events.slice(1));
    await writer.close();
    const text = await readFile(path, 'utf8');
    expect(text.split('\n')).toHaveLength(21);
    expect(text.endsWith('\n')).toBe(true);
    const log = await readEventLog(path);
    expect(log).toMatchObject({ problems: [], truncatedTail: 0, cleanLength: Buffer.byteLength(text) });
    expect(log.events).toEqual(events);
  });

  it('a missing file is an empty log', async () => {
    expect(await readEventLog(join(dir, 'nope.jsonl'))).toEqual({ events: [], problems: [], truncatedTail: 0, cleanLength: 0 });
  });

  it('reports invalid lines in the middle with their line numbers and keeps loading', () => {
    const events = sampleEvents(5);
    const lines = events.map(serializeEvent);
    const text = [
      lines[0],
      lines[1],
      '{"seq": 3, "ts": "nope", "type": "user_message"}\n',
      'not json at all\n',
      '\n',
      JSON.stringify({ seq: 9, ts: events[0].ts, type: 'teleport' }) + '\n',
      lines[2],
      lines[3],
      lines[4],
    ].join('');
    const log = parseEventLog(text);
    expect(log.events).toEqual(events);
    expect(log.truncatedTail).toBe(0);
    expect(log.problems.map((p) => p.line)).toEqual([3, 4, 6]);
    expect(log.problems[0].message).toMatch(/invalid user_message event/);
    expect(log.problems[1].message).toMatch(/not JSON/);
    expect(log.problems[2].message).toMatch(/invalid teleport event: type/);
  });

  it('crash simulation: cut at any byte, loading never throws and keeps every complete event', () => {
    const events = sampleEvents(40);
    const buf = Buffer.from(events.map(serializeEvent).join(''), 'utf8');
    const ends: number[] = []; // byte offset just after each line
    let at = 0;
    for (const e of events) ends.push((at += Buffer.byteLength(serializeEvent(e))));
    const check = (cut: number) => {
      const log = parseEventLog(buf.subarray(0, cut));
      const complete = ends.filter((end) => end <= cut).length;
      expect(log.events).toEqual(events.slice(0, complete));
      const torn = cut - (complete ? ends[complete - 1] : 0);
      expect(log.truncatedTail).toBe(torn);
      expect(log.problems).toHaveLength(torn ? 1 : 0);
      if (torn) expect(log.problems[0].message).toMatch(/incomplete/);
      expect(() => replay(log.events)).not.toThrow();
    };
    for (let cut = 0; cut <= buf.length; cut += 7) check(cut);
    for (const end of ends) [end - 1, end, end + 1].filter((c) => c >= 0 && c <= buf.length).forEach(check);
    fc.assert(fc.property(fc.integer({ min: 0, max: buf.length }), (cut) => check(cut)), { numRuns: 300 });
  });

  it('garbage bytes (a torn multi-byte character, NULs from a crashed file system) do not stop loading', () => {
    const events = sampleEvents(4);
    const good = events.map(serializeEvent).join('');
    const nul = Buffer.alloc(64);
    const text = Buffer.concat([Buffer.from(good.slice(0, serializeEvent(events[0]).length)), nul, Buffer.from('\n'), Buffer.from(good.slice(serializeEvent(events[0]).length)), Buffer.from([0xe6, 0x97])]);
    const log = parseEventLog(text);
    expect(log.events).toEqual(events);
    expect(log.problems.map((p) => p.message)).toEqual([expect.stringMatching(/not JSON/), expect.stringMatching(/incomplete \(2 bytes/)]);
  });

  it('opening for append cuts a torn tail first, so the next event starts on its own line', async () => {
    const path = join(dir, 'events.jsonl');
    const events = sampleEvents(6);
    const whole = events.slice(0, 5).map(serializeEvent).join('');
    await writeFile(path, whole + serializeEvent(events[5]).slice(0, 30));
    const before = await readEventLog(path);
    expect(before.events).toHaveLength(5);
    expect(before.truncatedTail).toBe(30);
    const writer = await openEventLog(path, before.cleanLength);
    expect((await stat(path)).size).toBe(Buffer.byteLength(whole));
    await writer.append([events[5]]);
    await writer.close();
    const after = await readEventLog(path);
    expect(after.problems).toEqual([]);
    expect(after.events).toEqual(events);
  });

  it('a complete last event without its newline is still a torn write (it would glue onto the next one)', async () => {
    const path = join(dir, 'events.jsonl');
    const events = sampleEvents(3);
    await writeFile(path, serializeEvent(events[0]) + serializeEvent(events[1]).trimEnd());
    const log = await readEventLog(path);
    expect(log.events).toEqual([events[0]]);
    expect(log.truncatedTail).toBeGreaterThan(0);
    await appendFile(path, '\n');
    expect((await readEventLog(path)).events).toEqual(events.slice(0, 2));
  });
});
