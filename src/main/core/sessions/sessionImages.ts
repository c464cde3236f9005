import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES, type ImageInput, type ImageMediaType, type SessionImage } from '../../../shared/context/contextShapes';
import { writeFileAtomic } from '../../common/atomicWrite';
import { AkiraError } from '../errors';
import { sessionErrors } from '../../../shared/errors';

/**
 * The images of a session's task and messages (issue 11), kept in its folder so a resumed session still
 * has them: `.akira/sessions/<id>/images/<prefix>-<n>.<ext>`.
 *
 *   const images = await saveSessionImages(handle.dir, inputs, 'task')   → SessionImage[] (for the log)
 *   await loadSessionImage(handle.dir, image)                            → base64 of its bytes
 *
 * The bytes must be the image type they claim (PNG, JPEG, GIF or WebP signature): anything else is refused.
 */

export const IMAGES_FOLDER = 'images';
const EXT: Record<ImageMediaType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

function hasSignature(bytes: Buffer, type: ImageMediaType): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/gif':
      return bytes.subarray(0, 4).toString('latin1') === 'GIF8';
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

/** The decoded bytes of an image input, checked (size, signature); AkiraError bad_request otherwise. */
export function decodeImage(input: Pick<ImageInput, 'name' | 'mediaType' | 'dataBase64'>): Buffer {
  const bytes = Buffer.from(input.dataBase64, 'base64');
  const name = input.name ?? 'image';
  if (!bytes.length) throw new AkiraError('bad_request', sessionErrors.imageEmpty(name));
  if (bytes.length > MAX_IMAGE_BYTES) throw new AkiraError('bad_request', sessionErrors.imageTooLarge(name, bytes.length, MAX_IMAGE_BYTES / 1024 / 1024));
  if (!hasSignature(bytes, input.mediaType)) throw new AkiraError('bad_request', sessionErrors.imageNotThatType(name, EXT[input.mediaType].toUpperCase()));
  return bytes;
}

export async function saveSessionImages(dir: string, inputs: readonly ImageInput[], prefix: string): Promise<SessionImage[]> {
  if (!inputs.length) return [];
  const decoded = inputs.map((i) => ({ input: i, bytes: decodeImage(i) }));
  await mkdir(join(dir, IMAGES_FOLDER), { recursive: true });
  const out: SessionImage[] = [];
  for (const [n, { input, bytes }] of decoded.entries()) {
    const file = `${prefix}-${n + 1}.${EXT[input.mediaType]}`;
    await writeFileAtomic(join(dir, IMAGES_FOLDER, file), bytes);
    out.push({ file, name: (input.name ?? 'image').slice(0, 255), mediaType: input.mediaType, bytes: bytes.length });
  }
  return out;
}

export async function loadSessionImage(dir: string, image: SessionImage): Promise<string> {
  if (!/^[\w.-]+$/.test(image.file)) throw new AkiraError('bad_request', sessionErrors.notAnImageName(image.file));
  return (await readFile(join(dir, IMAGES_FOLDER, image.file))).toString('base64');
}
