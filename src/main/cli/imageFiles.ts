import { readFile, stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { MAX_IMAGE_BYTES, MAX_IMAGES, type ImageInput } from '../../shared/context/contextShapes';
import { UsageError } from './args';

/**
 * `akira run --image FILE` (repeatable): the screenshots of a task, read from disk (relative to the current
 * folder) into the contract's image inputs. A missing file, an unknown type or a file over 5 MB is a usage
 * error (exit 2) before anything starts; whether the model takes images is the agent's answer (bad_request).
 */

const TYPES: Record<string, ImageInput['mediaType']> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };

export async function readImageFiles(paths: readonly string[], cwd: string): Promise<ImageInput[]> {
  if (paths.length > MAX_IMAGES) throw new UsageError(`At most ${MAX_IMAGES} --image files at a time.`);
  const out: ImageInput[] = [];
  for (const given of paths) {
    const path = resolve(cwd, given);
    const mediaType = TYPES[extname(path).toLowerCase()];
    if (!mediaType) throw new UsageError(`--image ${given}: not a PNG, JPEG, GIF or WebP file (by its extension).`);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new UsageError(`--image ${given}: no such file.`);
    if (info.size > MAX_IMAGE_BYTES) throw new UsageError(`--image ${given}: ${info.size} bytes; at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    out.push({ name: basename(path), mediaType, dataBase64: (await readFile(path)).toString('base64') });
  }
  return out;
}
