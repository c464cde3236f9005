import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { ImageInput, ImageMediaType } from '../../../../shared/context/contextShapes';
import { draftOf, useDraftStore } from './draftStore';
import { base64OfDataUrl, imageName, imageProblem, type FileLike } from './imageFiles';
import { textOf } from '../../i18n';
import { contextStrings } from './contextStrings';

/**
 * The images of a task or a message: pasted (a clipboard image) or dropped (image files) on its box, refused in
 * words when they are no image Akira can send, too big or too many (imageFiles.ts), and sent as `images`. Kept
 * with the box's draft (`draftKey`, draftStore.ts) while the box is not shown.
 */

export interface AttachedImage {
  id: number;
  name: string;
  mediaType: ImageMediaType;
  bytes: number;
  /** The `data:` URL (the chip's thumbnail). */
  url: string;
}

export interface ImageAttachments {
  images: AttachedImage[];
  /** Why the last paste or drop was (partly) refused. */
  error: string | null;
  /** A drag with files is over the box. */
  dragging: boolean;
  remove(id: number): void;
  clear(): void;
  /** What agent.start / agent.sendMessage take (undefined when there are none). */
  inputs(): ImageInput[] | undefined;
  onPaste(e: ClipboardEvent): void;
  onDrop(e: DragEvent): void;
  onDragOver(e: DragEvent): void;
  onDragLeave(e: DragEvent): void;
}

const readDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(textOf(contextStrings).fileNotRead));
    reader.readAsDataURL(file);
  });

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

let nextId = 1;
const NONE: AttachedImage[] = [];

export function useImageAttachments(draftKey: string): ImageAttachments {
  const images = useDraftStore((s) => s.drafts[draftKey]?.images ?? NONE);
  const setImages = (update: (list: AttachedImage[]) => AttachedImage[]) => useDraftStore.getState().patch(draftKey, { images: update(draftOf(draftKey).images) });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const live = useRef(draftKey);
  live.current = draftKey;

  async function add(files: (File & FileLike)[]) {
    const problems: string[] = [];
    const added: AttachedImage[] = [];
    for (const file of files) {
      const problem = imageProblem(file, draftOf(draftKey).images.length + added.length);
      if (problem) {
        problems.push(problem);
        continue;
      }
      try {
        const id = nextId++;
        const n = draftOf(draftKey).images.length + added.length + 1;
        const url = await readDataUrl(file);
        added.push({ id, name: imageName(file, n), mediaType: file.type as ImageMediaType, bytes: file.size, url });
      } catch (err) {
        problems.push(textOf(contextStrings).couldNotRead(file.name || textOf(contextStrings).theImage, err instanceof Error ? err.message : String(err)));
      }
    }
    if (added.length) setImages((list) => [...list, ...added]);
    if (live.current === draftKey) setError(problems.length ? problems.join(' ') : null);
  }

  return {
    images,
    error,
    dragging,
    remove: (id) => {
      setImages((list) => list.filter((x) => x.id !== id));
      setError(null);
    },
    clear: () => {
      setImages(() => []);
      setError(null);
    },
    inputs: () => {
      const list = draftOf(draftKey).images;
      return list.length ? list.map((x) => ({ name: x.name, mediaType: x.mediaType, dataBase64: base64OfDataUrl(x.url) })) : undefined;
    },
    onPaste: (e) => {
      const files = [...e.clipboardData.files];
      if (!files.length) return; // text: pasted as usual
      e.preventDefault();
      void add(files);
    },
    onDrop: (e) => {
      setDragging(false);
      const files = [...e.dataTransfer.files];
      if (!files.length) return;
      e.preventDefault();
      void add(files);
    },
    onDragOver: (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      if (!dragging) setDragging(true);
    },
    onDragLeave: (e) => {
      if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
      setDragging(false);
    },
  };
}
