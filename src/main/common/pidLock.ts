import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';

/**
 * A lock file that names the process holding it: created exclusively, released by removing it, and
 * taken over when its holder is gone (a crash, kill -9). Used by a session's `writer.lock`
 * (core/sessions/sessionLock.ts: a live holder is refused) and by a checkpoint store's `lock`
 * (core/checkpoints/storeLayout.ts: a live holder is waited for).
 *
 * Held means: a holder on another host (its process cannot be checked: assumed alive), a live pid on
 * this host, or an unreadable file younger than 10 s (being written right now; older, it was left
 * half-written by a crash). The token tells two locks of one process apart (two services in one process).
 *
 * Two formats are read and written, so that older versions of Akira sharing the files keep
 * understanding them: `json` `{"pid":1,"host":"h","since":"<ISO>","token":"…"}` (the session lock's)
 * and `text` `pid host token` with the file's mtime as since (the checkpoint store lock's). Each caller
 * writes its own; the reader accepts both (and neither's token is required).
 *
 * Everything is synchronous: a lock costs two tiny syscalls to take and one to release.
 */

export type LockFormat = 'json' | 'text';

/** Who holds a lock. */
export interface LockHolder {
  /** null when the file cannot be read (being written, or written by something else). */
  pid: number | null;
  host: string;
  /** Its command line when it can be read (Linux, same host), e.g. `akira serve /home/me/project`. */
  command: string | null;
  /** When it took the lock (ms since the epoch). */
  since: number;
}

export interface PidLock {
  readonly path: string;
  /** Creates the lock file, taking over a stale one; false while another holder (alive) has it. */
  tryAcquire(): boolean;
  /** Removes the lock file if it is still this lock's. */
  release(): void;
}

/** An unreadable lock file younger than this is being written; older, a crash left it. */
const FRESH_MS = 10_000;
/** Attempts at taking over a stale lock before giving up for this call (another process keeps winning). */
const ROUNDS = 5;

interface Content {
  pid: number;
  host: string;
  token: string;
  /** From the content (json), else NaN: the file's mtime says. */
  since: number;
}

interface Examined {
  content: Content | null;
  mtimeMs: number;
}

const validPid = (pid: unknown): pid is number => typeof pid === 'number' && Number.isInteger(pid) && pid > 0;

/** Either format; null when it is neither (empty, torn, foreign). */
export function parseLockContent(text: string): Content | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('{')) {
    let info: { pid?: unknown; host?: unknown; since?: unknown; token?: unknown };
    try {
      info = JSON.parse(trimmed);
    } catch {
      return null;
    }
    if (!validPid(info.pid) || typeof info.host !== 'string') return null;
    const since = typeof info.since === 'string' ? Date.parse(info.since) : NaN;
    return { pid: info.pid, host: info.host, token: typeof info.token === 'string' ? info.token : '', since };
  }
  const [pidText, host = '', token = ''] = trimmed.split(' ');
  const pid = /^\d+$/.test(pidText) ? Number(pidText) : NaN;
  return validPid(pid) && host ? { pid, host, token, since: NaN } : null;
}

/** The lock file's content and mtime; null when there is no lock file. */
function examine(path: string): Examined | null {
  let mtimeMs: number;
  let text: string;
  try {
    mtimeMs = statSync(path).mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  return { content: parseLockContent(text), mtimeMs };
}

/** A process with this pid exists on this machine (EPERM: it does, owned by someone else). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function held(e: Examined, now = Date.now()): boolean {
  if (!e.content) return now - e.mtimeMs < FRESH_MS;
  if (e.content.host !== hostname()) return true; // cannot check a process on another machine: assume it lives
  return pidAlive(e.content.pid);
}

/** A process's command line from /proc (Linux), shortened: `akira <args>` for the akira command. */
export function commandOf(pid: number): string | null {
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
  const script = argv.findIndex((a, i) => i > 0 && /(^|[\\/])(akira(\.cjs)?|cli\.js)$/.test(a));
  const words = script > 0 ? ['akira', ...argv.slice(script + 1)] : argv.map((a, i) => (i === 0 ? basename(a) : a));
  const text = words.join(' ');
  return text ? (text.length > 120 ? `${text.slice(0, 117)}...` : text) : null;
}

function holderOf(e: Examined): LockHolder {
  const c = e.content;
  if (!c) return { pid: null, host: '', command: null, since: e.mtimeMs };
  const since = Number.isFinite(c.since) ? c.since : e.mtimeMs;
  return { pid: c.pid, host: c.host, since, command: c.host === hostname() ? commandOf(c.pid) : null };
}

/** Whoever the lock file at `path` names, alive or not (null: no lock file). */
export function readLockHolder(path: string): LockHolder | null {
  const e = examine(path);
  return e ? holderOf(e) : null;
}

/** The holder of the lock at `path` while it is held; null when it is free or stale. */
export function liveLockHolder(path: string): LockHolder | null {
  const e = examine(path);
  return e && held(e) ? holderOf(e) : null;
}

/** The holder is this process (any lock of it). */
export function isThisProcess(h: LockHolder): boolean {
  return h.pid === process.pid && h.host === hostname();
}

/** "process 1234 (akira serve /ws) since 10:32:05, 12 s ago". */
export function describeHolder(h: LockHolder, now = Date.now()): string {
  const who = h.pid === null ? 'another process' : `process ${h.pid}${h.host && h.host !== hostname() ? ` on ${h.host}` : ''}`;
  const what = h.command ? ` (${h.command})` : '';
  const secs = Math.max(0, Math.round((now - h.since) / 1000));
  return `${who}${what} since ${new Date(h.since).toLocaleTimeString()}, ${secs} s ago`;
}

/** Creates the file with `content`; false when it exists. */
function tryCreate(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

export function createPidLock(path: string, format: LockFormat): PidLock {
  const host = hostname();
  const token = randomBytes(6).toString('hex');
  const content = () =>
    format === 'json'
      ? JSON.stringify({ pid: process.pid, host, since: new Date().toISOString(), token })
      : `${process.pid} ${host} ${token}\n`;
  const mine = (e: Examined | null) => !!e?.content && e.content.token === token && e.content.pid === process.pid && e.content.host === host;

  return {
    path,
    tryAcquire() {
      for (let round = 0; round < ROUNDS; round++) {
        if (tryCreate(path, content())) return true;
        const e = examine(path);
        if (!e) continue; // removed meanwhile: try again
        if (held(e)) return false;
        rmSync(path, { force: true }); // stale: its holder is gone
      }
      return false;
    },
    release() {
      if (mine(examine(path))) rmSync(path, { force: true });
    },
  };
}
