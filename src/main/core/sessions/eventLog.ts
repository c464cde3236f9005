import { open, readFile, stat, truncate, type FileHandle } from 'node:fs/promises';
import { sessionEventSchema, type SessionEvent } from '../../../shared/agent/sessionEvents';

/**
 * `events.jsonl`: one JSON event per line, appended with one write of whole lines and an fsync, so a
 * crash loses at most the lines of the write in flight.
 *
 * - `parseEventLog(text)`: every complete (newline-terminated) line that is valid is kept; a last
 *   line without its newline is a write cut by a crash: ignored and reported (`truncatedTail`);
 *   an invalid line anywhere else is reported with its line number and skipped; loading never throws.
 * - `readEventLog(path)`: the same from a file (a missing file is an empty log).
 * - `EventLogWriter`: `open(path)` first cuts a torn tail (so the next line starts clean), then
 *   `append(events)` writes them as one chunk and syncs.
 */

export interface LogProblem {
  /** 1-based line number in events.jsonl (for a markdown write that failed later: the event's seq). */
  line: number;
  message: string;
}

export interface ParsedLog {
  events: SessionEvent[];
  problems: LogProblem[];
  /** Bytes of a last line cut mid-write (0 when the log ends cleanly). */
  truncatedTail: number;
  /** Length in bytes of the complete lines (where a repaired log ends). */
  cleanLength: number;
}

const MAX_MESSAGE = 300;

export function parseEventLog(buf: Buffer | string): ParsedLog {
  const data = typeof buf === 'string' ? Buffer.from(buf, 'utf8') : buf;
  const events: SessionEvent[] = [];
  const problems: LogProblem[] = [];
  const lastNewline = data.lastIndexOf(0x0a);
  const cleanLength = lastNewline + 1;
  const truncatedTail = data.length - cleanLength;
  let start = 0;
  let line = 0;
  while (start < cleanLength) {
    const end = data.indexOf(0x0a, start);
    line += 1;
    const text = data.toString('utf8', start, end).trim();
    start = end + 1;
    if (!text) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      problems.push({ line, message: `not JSON (${(err as Error).message})`.slice(0, MAX_MESSAGE) });
      continue;
    }
    const parsed = sessionEventSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const type = typeof (json as { type?: unknown })?.type === 'string' ? (json as { type: string }).type : '?';
      problems.push({
        line,
        message: `invalid ${type} event: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`.slice(0, MAX_MESSAGE),
      });
      continue;
    }
    events.push(parsed.data as SessionEvent);
  }
  if (truncatedTail > 0) {
    problems.push({ line: line + 1, message: `last line is incomplete (${truncatedTail} bytes, a write cut by a crash); ignored` });
  }
  return { events, problems, truncatedTail, cleanLength };
}

export async function readEventLog(path: string): Promise<ParsedLog> {
  const data = await readFile(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return Buffer.alloc(0);
    throw err;
  });
  return parseEventLog(data);
}

export function serializeEvent(event: SessionEvent): string {
  return `${JSON.stringify(event)}\n`;
}

export interface EventLogWriter {
  append(events: readonly SessionEvent[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens the log for appending; `cleanLength` (from reading it) cuts a torn last line first. */
export async function openEventLog(path: string, cleanLength?: number): Promise<EventLogWriter> {
  if (cleanLength !== undefined) {
    const current = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    if (current > cleanLength) await truncate(path, cleanLength);
  }
  const handle: FileHandle = await open(path, 'a');
  let closed = false;
  return {
    async append(events) {
      if (closed) throw new Error('The event log is closed.');
      if (!events.length) return;
      await handle.appendFile(events.map(serializeEvent).join(''), 'utf8');
      await handle.sync();
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}
