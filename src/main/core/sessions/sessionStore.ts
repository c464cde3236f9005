import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { redactSecrets } from '../../common/redact';
import { AkiraError } from '../errors';
import { writeFileAtomic } from '../../common/atomicWrite';
import { openEventLog, readEventLog, type LogProblem } from './eventLog';
import { replay, type SessionState } from '../../../shared/agent/sessionReplay';
import { frontMatterOf, renderSessionDoc, type SessionFrontMatter } from './sessionDoc';
import { activeStatuses, MAX_TASK_CHARS, type SessionEvent, type SessionEventInput, type SessionStatus } from '../../../shared/agent/sessionEvents';
import { ensureLogHeaders, EVENTS_FILE, readFrontMatter, removeStaleTmpFiles, SESSION_DOC, sessionDir, sessionsDir } from './sessionFiles';
import { createSessionHandle, type SessionHandle } from './sessionHandle';
import { checkSessionId, isSessionId, newSessionId } from './sessionIds';
import { acquireLock, clearStaleLock, lockOwner } from './sessionLock';
import { sessionErrors, reasonFields, sessionReasons } from '../../../shared/errors';

/**
 * The session store of one workspace: `.akira/sessions/<uuid v4>/` with session.md, history.md,
 * decisions.md, api-calls.md, rollbacks.md and events.jsonl (the log a session is resumed from).
 *
 *   const store = createSessionStore({ root, secrets: [apiKey] });
 *   const s = await store.createSession({ task, mode, model, options });   // a SessionHandle
 *   await s.append({ type: 'plan_proposed', todos, needsApproval: true });  // durable when it resolves
 *   s.state();                                                              // the replayed state
 *   await s.close();
 *   const again = await store.openSession(id);   // resume: replays events.jsonl, repairs a torn tail
 *   await store.loadSession(id);                 // read-only: {state, events, problems}
 *   await store.listSessions();                  // summaries from session.md front matter only
 *   await store.recoverInterrupted();            // at startup: running/waiting/planning → interrupted
 *
 * One writer per session (a lock file with the writer's pid; a dead writer's lock is taken over, and removed by
 * recoverInterrupted).
 * A killed writer's `session.md.<hex>.tmp` files are removed when the session is reopened (under its
 * lock) and, for sessions nobody writes, by recoverInterrupted once they are a minute old.
 * Ids are UUID v4 or bad_request; everything read from disk is validated with zod.
 */

export interface SessionStoreOptions {
  /** The workspace root (a real path). */
  root: string;
  /** Texts never written anywhere (API keys); common key shapes are redacted anyway. */
  secrets?: readonly string[];
  now?: () => Date;
}

export const createSessionInput = z.object({
  task: z
    .string()
    .trim()
    .min(1, 'The task is empty.')
    .max(MAX_TASK_CHARS, `The task is longer than ${MAX_TASK_CHARS} characters.`),
  mode: z.string().trim().min(1).max(64),
  model: z.string().trim().min(1).max(256),
  /** A UUID v4 chosen by the caller; a new one when absent. */
  sessionId: z.string().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});
export type CreateSessionInput = z.input<typeof createSessionInput>;

export interface SessionSummary {
  sessionId: string;
  task: string;
  mode: string;
  model: string;
  status: SessionStatus;
  phase: SessionFrontMatter['phase'];
  createdAt: string;
  updatedAt: string;
  progress: { done: number; total: number };
  totals: SessionFrontMatter['totals'];
  /** Spec sessions: the tasks.md they run. */
  spec: string | null;
  /** Worktree sessions: their tree. */
  worktree: SessionFrontMatter['worktree'] | null;
  /** The round it is in (issue 25: 1 until a follow-up). */
  round: number;
  /** A sub-task (issue 25, new_task): the session that started it; null otherwise. */
  parentId: string | null;
}

export interface LoadedSession {
  state: SessionState;
  events: SessionEvent[];
  problems: LogProblem[];
}

export interface RecoveredSession {
  sessionId: string;
  previousStatus: SessionStatus;
}

export interface SessionStore {
  createSession(input: CreateSessionInput): Promise<SessionHandle>;
  /**
   * A new session whose log starts with `history` (another session's events, without its
   * session_started): they are numbered again from 2 and keep their times. Used by agent.fork.
   */
  createSessionFrom(input: CreateSessionInput, history: readonly SessionEvent[]): Promise<SessionHandle>;
  /** Opens a session for writing (resume). conflict when another live process has it open. */
  openSession(sessionId: string): Promise<SessionHandle>;
  loadSession(sessionId: string): Promise<LoadedSession>;
  /** Newest first. Reads the front matter of session.md; replays the log only when that is unreadable. */
  listSessions(): Promise<SessionSummary[]>;
  /** Marks sessions left planning/running/waiting by a process that is gone as `interrupted`. */
  recoverInterrupted(): Promise<RecoveredSession[]>;
  addSecrets(...secrets: string[]): void;
  dispose(): Promise<void>;
}

function summaryOf(fm: SessionFrontMatter): SessionSummary {
  const { sessionId, task, mode, model, status, phase, createdAt, updatedAt, progress, totals, spec, worktree, round, parentId } = fm;
  return { sessionId, task, mode, model, status, phase, createdAt, updatedAt, progress, totals, spec: spec ?? null, worktree: worktree ?? null, round: round ?? 1, parentId: parentId ?? null };
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return out;
}

/** A tmp file of an atomic write this old is no write in flight (they last milliseconds). */
const STALE_TMP_MS = 60_000;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { root } = options;
  const now = options.now ?? (() => new Date());
  const secrets = [...(options.secrets ?? [])];
  const redact = (text: string) => redactSecrets(text, secrets);
  const open = new Map<string, SessionHandle>();
  let disposed = false;

  function checkOpen(): void {
    if (disposed) throw new AkiraError('conflict', sessionErrors.storeClosed);
  }

  async function load(dir: string, sessionId: string): Promise<LoadedSession & { cleanLength: number }> {
    const log = await readEventLog(join(dir, EVENTS_FILE));
    if (!log.events.length || log.events[0].type !== 'session_started') {
      throw new AkiraError('not_found', log.events.length ? sessionErrors.logNotStarted(sessionId) : sessionErrors.logEmpty(sessionId));
    }
    const state = replay(log.events);
    if (state.sessionId !== sessionId) {
      throw new AkiraError('conflict', sessionErrors.logOfOther(sessionId, state.sessionId));
    }
    return { state, events: log.events, problems: log.problems, cleanLength: log.cleanLength };
  }

  async function existingDir(sessionId: string): Promise<string> {
    const dir = await sessionDir(root, sessionId);
    const entries = await readdir(dir).catch(() => null);
    if (!entries) throw new AkiraError('not_found', sessionErrors.noSuchSession(sessionId));
    return dir;
  }

  async function openHandle(sessionId: string, dir: string, loaded: LoadedSession & { cleanLength: number } | null) {
    const lock = await acquireLock(dir, sessionId);
    try {
      const data = loaded ?? (await load(dir, sessionId));
      const writer = await openEventLog(join(dir, EVENTS_FILE), data.cleanLength);
      const { handle, enqueue } = createSessionHandle({
        sessionId,
        dir,
        state: data.state,
        writer,
        lock,
        problems: [...data.problems],
        now,
        redact,
        onClose: () => open.delete(sessionId),
      });
      open.set(sessionId, handle);
      return { handle, enqueue, state: data.state };
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  async function openSession(id: string): Promise<SessionHandle> {
    checkOpen();
    const sessionId = checkSessionId(id);
    if (open.has(sessionId)) throw new AkiraError('conflict', sessionErrors.alreadyOpen(sessionId));
    const dir = await existingDir(sessionId);
    const { handle, state } = await openHandle(sessionId, dir, null);
    // We hold the lock and the handle has written nothing yet: every tmp file here is a dead writer's.
    await removeStaleTmpFiles(dir);
    await ensureLogHeaders(dir, sessionId, state.task, redact);
    await writeFileAtomic(join(dir, SESSION_DOC), renderSessionDoc(state, redact));
    return handle;
  }

  async function listSessions(): Promise<SessionSummary[]> {
    const dir = await sessionsDir(root, false);
    const names = await readdir(dir).catch(() => [] as string[]);
    const ids = names.filter(isSessionId);
    const rows = await mapLimited(ids, 16, async (sessionId): Promise<SessionSummary | null> => {
      const sdir = join(dir, sessionId);
      const fm = await readFrontMatter(sdir);
      if (fm.ok && fm.value.sessionId === sessionId) return summaryOf(fm.value);
      try {
        return summaryOf(frontMatterOf((await load(sdir, sessionId)).state));
      } catch {
        return null; // not a session (yet): a folder without a readable log
      }
    });
    return rows.filter((r): r is SessionSummary => r !== null).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async function createSession(raw: CreateSessionInput, history: readonly SessionEvent[] = []): Promise<SessionHandle> {
      checkOpen();
      const parsed = createSessionInput.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AkiraError('bad_request', sessionErrors.invalidSession(`${issue.path.join('.') || '(input)'}: ${issue.message}`));
      }
      const input = parsed.data;
      const sessionId = input.sessionId === undefined ? newSessionId() : checkSessionId(input.sessionId);
      await sessionsDir(root, true);
      const dir = await sessionDir(root, sessionId);
      await mkdir(dir).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'EEXIST' ? new AkiraError('conflict', sessionErrors.sessionExists(sessionId)) : err;
      });
      await ensureLogHeaders(dir, sessionId, input.task, redact);
      const { handle, enqueue } = await openHandle(sessionId, dir, {
        state: replay([]),
        events: [],
        problems: [],
        cleanLength: 0,
      });
      try {
        const first = enqueue({ type: 'session_started', sessionId, task: input.task, mode: input.mode, model: input.model, options: input.options ?? {} });
        const copied = history
          .filter((e) => e.type !== 'session_started')
          .map((e) => {
            const { seq: _seq, ts, ...body } = e;
            return enqueue(body as SessionEventInput, ts);
          });
        await Promise.all([first, ...copied]);
      } catch (err) {
        await handle.close().catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
        throw err;
      }
      return handle;
  }

  return {
    createSession: (input) => createSession(input),
    createSessionFrom: (input, history) => createSession(input, history),

    openSession,

    async loadSession(id) {
      const sessionId = checkSessionId(id);
      const { state, events, problems } = await load(await existingDir(sessionId), sessionId);
      return { state, events, problems };
    },

    listSessions,

    async recoverInterrupted() {
      checkOpen();
      const recovered: RecoveredSession[] = [];
      for (const summary of await listSessions()) {
        const { sessionId } = summary;
        if (open.has(sessionId)) continue;
        const dir = await sessionDir(root, sessionId);
        if (await lockOwner(dir)) continue; // another live process is writing it
        if (!activeStatuses.includes(summary.status)) {
          clearStaleLock(dir); // its writer died after it ended (an active one's is taken over and released below)
          await removeStaleTmpFiles(dir, STALE_TMP_MS);
          continue;
        }
        let handle: SessionHandle;
        try {
          handle = await openSession(sessionId);
        } catch {
          continue; // taken meanwhile, or unreadable
        }
        try {
          const previousStatus = handle.state().status;
          if (activeStatuses.includes(previousStatus)) {
            await handle.append({
              type: 'status_changed',
              status: 'interrupted',
              ...reasonFields(sessionReasons.stoppedWhile(previousStatus)),
            });
            recovered.push({ sessionId, previousStatus });
          }
        } finally {
          await handle.close();
        }
      }
      return recovered;
    },

    addSecrets(...more) {
      for (const s of more) if (s && !secrets.includes(s)) secrets.push(s);
    },

    async dispose() {
      disposed = true;
      await Promise.allSettled([...open.values()].map((h) => h.close()));
    },
  };
}
