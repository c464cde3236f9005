import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  if (create) await mkdir(dir, { recursive: true });
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
