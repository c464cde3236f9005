import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Codes with which a platform refuses to open or fsync a folder (Windows: EISDIR/EPERM; some file systems: EINVAL/ENOTSUP). */
const FOLDER_SYNC_REFUSED = new Set(['EPERM', 'EISDIR', 'EINVAL', 'ENOTSUP', 'EACCES']);

/**
 * Writes a file so that readers see the old or the new content, never a torn one, and so that the new
 * content survives a power loss once the promise resolves. `data` may be a list of chunks written one
 * after the other (a big file is never joined into one string on the main thread).
 *
 * Steps: write `<name>.<12 hex>.tmp` in the same folder (a rename never crosses file systems), fsync it,
 * rename it over `<name>`, fsync the folder (so the rename itself is on disk; skipped where the platform
 * refuses to fsync a folder). A killed writer leaves at most its one tmp file, which src/main/core/sessions
 * removes by that name pattern. The kill -9 test (atomicWrite.crash.test.ts) proves the atomicity only:
 * killing a process does not lose the page cache, so the fsyncs, which cover power loss and a kernel
 * crash, cannot be tested here.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array | readonly (string | Uint8Array)[], mode?: number): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const file = await open(tmp, 'w', mode);
    try {
      if (typeof data === 'string' || data instanceof Uint8Array) await file.writeFile(data);
      else for (const chunk of data) await file.appendFile(chunk); // (writes all of it, from the current position)
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await syncFolder(folder);
}

/** fsync of a folder, so a rename in it is durable; a no-op where the platform refuses it. */
async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch (err) {
    if (!FOLDER_SYNC_REFUSED.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
  } finally {
    await handle?.close();
  }
}
