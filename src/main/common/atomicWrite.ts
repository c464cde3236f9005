import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes a file so that readers see the old or the new content, never a torn one. `data` may be a list
 * of chunks written one after the other (a big file is never joined into one string on the main thread).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array | readonly (string | Uint8Array)[], mode?: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await writeFile(tmp, data, { mode });
    else {
      const file = await open(tmp, 'w', mode);
      try {
        for (const chunk of data) await file.appendFile(chunk); // (writes all of it, from the current position)
      } finally {
        await file.close();
      }
    }
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
