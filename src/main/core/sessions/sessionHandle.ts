import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AkiraError } from '../errors';
import { writeFileAtomic } from '../../common/atomicWrite';
import { readEventLog, type EventLogWriter, type LogProblem } from './eventLog';
import { logEntries, type LogFile } from './markdownLogs';
import { reduceInto, replayUpTo, type SessionState, type StateAt } from '../../../shared/agent/sessionReplay';
import { rewindTarget } from '../../../shared/agent/sessionRewind';
import { renderSessionDoc } from './sessionDoc';
import { sessionEventInputSchema, sessionEventSchema, type SessionEvent, type SessionEventInput } from '../../../shared/agent/sessionEvents';
import { EVENTS_FILE, SESSION_DOC } from './sessionFiles';
import type { SessionLock } from './sessionLock';
import { sessionErrors } from '../../../shared/errors';

/**
 * An open session (the one writer of its folder). `append(event)` validates the event, gives it the
 * next seq and a timestamp, redacts secrets, writes it to events.jsonl (one write + fsync), then
 * updates the state, the markdown logs and session.md (atomically), and tells `onEvent` listeners.
 * Appends are serialised; events queued while a write is in flight are written together (one
 * write, one fsync), and each `append` resolves once its event is durable and the markdown written.
 * A failed event-log write breaks the handle (later appends fail); reopening the session repairs it.
 */

export interface SessionHandle {
  readonly sessionId: string;
  /** The session folder (real path). */
  readonly dir: string;
  /** A copy of the current state. */
  state(): SessionState;
  append(event: SessionEventInput): Promise<SessionEvent>;
  /** Called once per event once it is durable, with the state right after it (read it, do not keep or change it). */
  onEvent(listener: (event: SessionEvent, state: SessionState) => void): () => void;
  /** Problems found when the log was loaded (torn last line, invalid lines) and markdown writes that failed since. */
  problems(): readonly LogProblem[];
  /** Waits for queued appends, closes the log and releases the lock. */
  close(): Promise<void>;
}

export interface HandleParts {
  sessionId: string;
  dir: string;
  state: SessionState;
  writer: EventLogWriter;
  lock: SessionLock;
  problems: LogProblem[];
  now: () => Date;
  redact: (text: string) => string;
  onClose: () => void;
}

interface Pending {
  input: SessionEventInput;
  /** The event's time when it is copied from another log (a fork); else now. */
  ts?: string;
  resolve: (event: SessionEvent) => void;
  reject: (err: unknown) => void;
}

/** Change contents stay as they are: they are what a resume applies (redacting them would corrupt files). */
const RAW_KEYS = new Set(['before', 'after', 'beforeHash', 'editedAfter']);

function redactDeep(value: unknown, redact: (t: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = RAW_KEYS.has(k) ? v : redactDeep(v, redact);
    return out;
  }
  return value;
}

function describeIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`;
}

/** The handle, and `enqueue` for the store (it alone may append session_started). */
export function createSessionHandle(parts: HandleParts): { handle: SessionHandle; enqueue: (input: SessionEventInput, ts?: string) => Promise<SessionEvent> } {
  const { sessionId, dir, state, writer, lock, problems, now, redact } = parts;
  const listeners = new Set<(event: SessionEvent, state: SessionState) => void>();
  let queue: Pending[] = [];
  let draining: Promise<void> | null = null;
  let broken: Error | null = null;
  let closed = false;
  let closing: Promise<void> | null = null;
  let nextSeq = state.lastSeq + 1;

  function toStored(input: SessionEventInput, seq: number, ts?: string): SessionEvent {
    const parsed = sessionEventInputSchema.safeParse(input);
    if (!parsed.success) {
      const type = typeof (input as { type?: unknown })?.type === 'string' ? (input as { type: string }).type : '?';
      throw new AkiraError('bad_request', sessionErrors.invalidEvent(type, describeIssue(parsed.error)));
    }
    const body = redactDeep(parsed.data, redact) as Record<string, unknown>;
    const stored = sessionEventSchema.safeParse({ seq, ts: ts ?? now().toISOString(), ...body });
    if (!stored.success) throw new AkiraError('bad_request', sessionErrors.invalidStoredEvent(String(body.type), describeIssue(stored.error)));
    return stored.data as SessionEvent;
  }

  async function writeMarkdown(events: SessionEvent[], entries: Partial<Record<LogFile, string>>): Promise<void> {
    const jobs: Promise<unknown>[] = [];
    for (const [file, text] of Object.entries(entries)) jobs.push(appendFile(join(dir, file), redact(text), 'utf8'));
    jobs.push(writeFileAtomic(join(dir, SESSION_DOC), renderSessionDoc(state, redact)));
    const results = await Promise.allSettled(jobs);
    for (const r of results) {
      if (r.status === 'rejected') {
        problems.push({ line: events[0].seq, message: `markdown not updated: ${(r.reason as Error)?.message ?? r.reason}` });
      }
    }
  }

  async function drainOnce(batch: Pending[]): Promise<void> {
    const events: SessionEvent[] = [];
    const accepted: Pending[] = [];
    for (const item of batch) {
      try {
        events.push(toStored(item.input, nextSeq + events.length, item.ts));
        accepted.push(item);
      } catch (err) {
        item.reject(err);
      }
    }
    if (!events.length) return;
    try {
      if (broken) throw broken;
      await writer.append(events);
    } catch (err) {
      broken ??= new AkiraError('internal', sessionErrors.logNotWritten(sessionId, (err as Error).message));
      for (const item of accepted) item.reject(broken);
      return;
    }
    nextSeq += events.length;
    // A rewind goes back to an earlier state: rebuilt from the log (now holding this batch too).
    let stateAt: StateAt | undefined;
    if (events.some((e) => rewindTarget(e) !== null)) {
      const logged = await readEventLog(join(dir, EVENTS_FILE)).catch(() => null);
      if (logged) stateAt = (seq) => replayUpTo(logged.events, seq);
    }
    const entries: Partial<Record<LogFile, string>> = {};
    for (const event of events) {
      for (const [file, text] of Object.entries(logEntries(event, state)) as [LogFile, string][]) entries[file] = (entries[file] ?? '') + text;
      reduceInto(state, event, stateAt);
      for (const listener of listeners) {
        try {
          listener(event, state);
        } catch {
          // A listener's failure is its own; the event is on disk.
        }
      }
    }
    await writeMarkdown(events, entries);
    events.forEach((event, i) => accepted[i].resolve(event));
  }

  async function drain(): Promise<void> {
    while (queue.length) {
      const batch = queue;
      queue = [];
      await drainOnce(batch);
    }
    draining = null;
  }

  function enqueue(input: SessionEventInput, ts?: string): Promise<SessionEvent> {
    if (closed) return Promise.reject(new AkiraError('conflict', sessionErrors.sessionClosed(sessionId)));
    return new Promise<SessionEvent>((resolve, reject) => {
      queue.push({ input, ts, resolve, reject });
      draining ??= drain();
    });
  }

  const handle: SessionHandle = {
    sessionId,
    dir,
    state: () => structuredClone(state),
    append(input) {
      if ((input as { type?: unknown })?.type === 'session_started') {
        return Promise.reject(new AkiraError('bad_request', sessionErrors.startedByCreate));
      }
      return enqueue(input);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    problems: () => problems,
    close() {
      closing ??= (async () => {
        closed = true;
        while (draining) await draining;
        try {
          await writer.close();
        } finally {
          await lock.release();
          listeners.clear();
          parts.onClose();
        }
      })();
      return closing;
    },
  };
  return { handle, enqueue };
}
