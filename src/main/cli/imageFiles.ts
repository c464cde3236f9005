import { readFile, stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { MAX_IMAGE_BYTES, MAX_IMAGES, type ImageInput } from '../../shared/context/contextShapes';
import { textIn, type Language } from '../../shared/i18n';
import { UsageError } from './args';
import { cliStrings } from './cliStrings';

/**
 * `akira run --image FILE` (repeatable): the screenshots of a task, read from disk (relative to the current
 * folder) into the contract's image inputs. A missing file, an unknown type or a file over 5 MB is a usage
 * error (exit 2) before anything starts; whether the model takes images is the agent's answer (bad_request).
 */

const TYPES: Record<string, ImageInput['mediaType']> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };

export async function readImageFiles(paths: readonly string[], cwd: string, language: Language = 'en'): Promise<ImageInput[]> {
  const t = textIn(cliStrings, language);
  if (paths.length > MAX_IMAGES) throw new UsageError(t.tooManyImages(MAX_IMAGES));
  const out: ImageInput[] = [];
  for (const given of paths) {
    const path = resolve(cwd, given);
    const mediaType = TYPES[extname(path).toLowerCase()];
    if (!mediaType) throw new UsageError(t.imageType(given));
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new UsageError(t.imageMissing(given));
    if (info.size > MAX_IMAGE_BYTES) throw new UsageError(t.imageTooLarge(given, info.size, MAX_IMAGE_BYTES / 1024 / 1024));
    out.push({ name: basename(path), mediaType, dataBase64: (await readFile(path)).toString('base64') });
  }
  return out;
}
