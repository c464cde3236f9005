import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { ensureAkiraGitignore } from '../../common/akiraGitignore';
import { dirname, join } from 'node:path';
import { resolveInside } from '../workspace/pathGuard';
import { logFiles, logHeader } from './markdownLogs';
import { frontMatterBlock, parseFrontMatter, type SessionFrontMatter } from './sessionDoc';
import { checkSessionId } from './sessionIds';

/** Where a session's files are, and the small reads the store does without the event log. */

export const SESSIONS_REL = '.akira/sessions';
export const EVENTS_FILE = 'events.jsonl';
export const SESSION_DOC = 'session.md';

/** The sessions folder (a real path inside the workspace; a `.akira` link leading out is refused). */
export async function sessionsDir(root: string, create: boolean): Promise<string> {
  const dir = await resolveInside(root, SESSIONS_REL);
  if (create) {
    await mkdir(dir, { recursive: true });
    await ensureAkiraGitignore(dirname(dir));
  }
  return dir;
}

/** A session's folder: the id is checked (UUID v4) before it touches a path. */
export async function sessionDir(root: string, id: string): Promise<string> {
  const sessionId = checkSessionId(id);
  return resolveInside(root, `${SESSIONS_REL}/${sessionId}`);
}

const CHUNK = 16 * 1024;
const MAX_FRONT_MATTER = 1024 * 1024;

/** Reads session.md only as far as the end of its front matter. */
export async function readFrontMatter(dir: string): Promise<{ ok: true; value: SessionFrontMatter } | { ok: false; error: string }> {
  let handle;
  try {
    handle = await open(join(dir, SESSION_DOC), 'r');
  } catch (err) {
    return { ok: false, error: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'session.md is missing' : (err as Error).message };
  }
  try {
    const parts: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.alloc(CHUNK);
      const { bytesRead } = await handle.read(buf, 0, CHUNK, total);
      parts.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      const text = Buffer.concat(parts).toString('utf8');
      if (frontMatterBlock(text) !== null || bytesRead === 0 || total >= MAX_FRONT_MATTER) return parseFrontMatter(text);
    }
  } finally {
    await handle.close();
  }
}

/** Creates the markdown logs that are missing, each with its header. */
export async function ensureLogHeaders(dir: string, sessionId: string, task: string, redact: (t: string) => string): Promise<void> {
  for (const file of logFiles) {
    await writeFile(join(dir, file), redact(logHeader(file, sessionId, task)), { flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  }
}

/** The temporary name writeFileAtomic gives session.md while it writes it (`session.md.<12 hex>.tmp`). */
const SESSION_DOC_TMP = /^session\.md\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the `session.md.<hex>.tmp` files a killed writer left in a session folder (best effort).
 * Call it holding the session's lock (no writer anywhere), or with `olderThanMs` so that a write in
 * flight in another process (milliseconds old) is left alone. Answers the names removed.
 */
export async function removeStaleTmpFiles(dir: string, olderThanMs = 0): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter((n) => SESSION_DOC_TMP.test(n))) {
    const path = join(dir, name);
    if (olderThanMs > 0) {
      const mtime = await stat(path).then((s) => s.mtimeMs, () => null);
      if (mtime === null || Date.now() - mtime < olderThanMs) continue;
    }
    try {
      await rm(path, { force: true });
      removed.push(name);
    } catch {
      // Left for the next resume.
    }
  }
  return removed;
}
