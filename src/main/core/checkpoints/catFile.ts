import { AkiraError } from '../errors';
import { exitOf, type StoreGit } from './gitProcess';
import { checkpointErrors } from '../../../shared/errors';

/**
 * Reads many blobs through ONE `git cat-file --batch` process: `read(oids, onBlob)` sends the ids
 * and hands each blob's content to `onBlob` in order (awaited, so at most one blob is held at a time
 * beyond what the pipe buffers).
 */

export async function readBlobs(
  git: StoreGit,
  oids: string[],
  onBlob: (index: number, content: Buffer) => Promise<void> | void,
): Promise<void> {
  if (!oids.length) return;
  const child = git.spawn(['cat-file', '--batch']);
  const exit = exitOf(child);
  child.stdin.on('error', () => undefined);
  child.stdin.end(oids.map((o) => `${o}\n`).join(''));

  let buffer = Buffer.alloc(0);
  const pending: Buffer[] = [];
  let pendingLen = 0;
  /** Bytes the current blob still needs in `buffer` before it can be handed over (0: reading a header). */
  let need = 0;
  let index = 0;
  let failure: Error | null = null;
  const stream = child.stdout;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingLen += chunk.length;
      if (buffer.length + pendingLen < need) continue;
      buffer = Buffer.concat([buffer, ...pending]);
      pending.length = 0;
      pendingLen = 0;
      for (;;) {
        const nl = buffer.indexOf(10);
        if (nl === -1) break;
        const header = buffer.subarray(0, nl).toString('utf8');
        if (header.endsWith(' missing')) {
          throw new AkiraError('not_found', checkpointErrors.missingObject(header.split(' ')[0] ?? ''));
        }
        const size = Number(header.split(' ')[2]);
        if (!Number.isFinite(size)) throw new AkiraError('internal', checkpointErrors.catFileOdd(header.slice(0, 100)));
        if (buffer.length < nl + 1 + size + 1) {
          need = nl + 1 + size + 1;
          break;
        }
        need = 0;
        const content = Buffer.from(buffer.subarray(nl + 1, nl + 1 + size));
        buffer = buffer.subarray(nl + 1 + size + 1);
        await onBlob(index++, content);
      }
    }
  } catch (err) {
    failure = err as Error;
    child.kill();
  }
  const { code, stderr } = await exit;
  if (failure) throw failure;
  if (code !== 0 || index !== oids.length) {
    throw new AkiraError('internal', checkpointErrors.storeUnreadable(String(code), stderr.trim()));
  }
}
