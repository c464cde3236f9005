import { imageMediaType, MAX_IMAGE_BYTES, MAX_IMAGES, type ImageMediaType } from '../../../../shared/context/contextShapes';
import { formatBytes } from '../../ui/ViewerMessage';
import { textOf } from '../../i18n';
import { contextStrings } from './contextStrings';

/**
 * Images pasted or dropped on a task or message box, pure: which files may be sent (PNG, JPEG, GIF, WebP up to
 * 5 MB, at most 5 at a time: the contract's limits) with the reason in words when not, and the base64 of a data
 * URL as agent.start / agent.sendMessage want it (no `data:` prefix).
 */

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

const TYPES: readonly string[] = imageMediaType.options;
export const isSendableType = (type: string): type is ImageMediaType => TYPES.includes(type);

/** Why this file cannot be added next to `already` images, or null when it can. */
export function imageProblem(file: FileLike, already: number): string | null {
  const t = textOf(contextStrings);
  const name = file.name || t.pastedFile;
  if (!isSendableType(file.type)) return t.notAnImage(name);
  if (file.size > MAX_IMAGE_BYTES) return t.tooBig(name, formatBytes(file.size), MAX_IMAGE_BYTES / 1024 / 1024);
  if (already >= MAX_IMAGES) return t.tooMany(MAX_IMAGES, name);
  return null;
}

/** The base64 part of a `data:<type>;base64,<data>` URL. */
export function base64OfDataUrl(url: string): string {
  const comma = url.indexOf(',');
  return comma < 0 ? url : url.slice(comma + 1);
}

/** A pasted image's name: clipboard images are all called `image.png`, so the n-th gets `image-<n>.png`. */
export function imageName(file: Pick<FileLike, 'name' | 'type'>, n: number): string {
  if (file.name && !/^image\.\w+$/.test(file.name)) return file.name;
  const ext = (file.type.split('/')[1] || 'png').replace('jpeg', 'jpg');
  return `image-${n}.${ext}`;
}
