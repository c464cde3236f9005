import type { QueryClient } from '@tanstack/react-query';
import type { CommandResult } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { pushToast } from '../../ui/toastStore';
import { fileQuery } from './editorQueries';
import { fileStatus, useEditorFiles } from './editorFilesStore';
import { bufferOf, disposeBuffer, isDirty, markSaved, replaceText } from './fileBuffers';
import { editorStrings } from './editorStrings';
import { textOf } from '../../i18n';

/**
 * Between the open files (fileBuffers.ts) and the disk, VS Code's way:
 * - a file that changed on disk is reloaded silently when it has no unsaved edits; under unsaved edits it is only
 *   marked "changed on disk" (editorFilesStore), and nothing of the person's is lost;
 * - Ctrl+S saves through `workspace.write` with the hash the text came from, so a change made on disk meanwhile is
 *   a conflict (the dialog: compare, overwrite with the hash of what is there now, reload), never a silent loss.
 */

export interface EditorDeps {
  client: AkiraClient;
  queryClient: QueryClient;
}

type ReadResult = CommandResult<'workspace.read'>;

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** What a fresh read of `path` (null: the file is gone) means for its buffer. */
export function syncFromDisk(path: string, read: ReadResult | null): void {
  const buffer = bufferOf(path);
  if (!buffer) return;
  const files = useEditorFiles.getState();
  if (fileStatus(files, path).saving) return; // the save's answer says what is on disk (it cancels reads in flight)
  const diskHash = read?.hash ?? null;
  if (read && diskHash !== null && diskHash === buffer.hash) {
    if (fileStatus(files, path).diskChanged) files.setStatus(path, { diskChanged: false, diskHash });
    return;
  }
  if (isDirty(buffer)) {
    files.setStatus(path, { diskChanged: true, diskHash });
    return;
  }
  if (read && !read.binary && !read.truncated && !buffer.readOnly) {
    replaceText(buffer, read.content, read.hash);
    files.setStatus(path, { diskChanged: false, diskHash });
    return;
  }
  // Gone, binary or too big now, with nothing unsaved: the viewer starts again from what the read says.
  disposeBuffer(path);
  files.forget([path]);
}

/** Reads `path` again (the cache the viewer shows is updated too) and syncs its buffer. */
export async function refreshFromDisk(deps: EditorDeps, path: string): Promise<void> {
  try {
    syncFromDisk(path, await deps.queryClient.fetchQuery({ ...fileQuery(deps.client, path), staleTime: 0 }));
  } catch (err) {
    if (err instanceof ClientError && err.code === 'not_found') syncFromDisk(path, null);
  }
}

/**
 * Saves the file's text with the hash it came from (`expectedHash` given: "overwrite" what has that hash now).
 * A conflict opens the conflict dialog; another failure is a toast.
 */
export async function saveFile(deps: EditorDeps, path: string, expectedHash?: string | null): Promise<'saved' | 'conflict' | 'failed' | 'nothing'> {
  const buffer = bufferOf(path);
  const files = useEditorFiles.getState();
  if (!buffer || buffer.readOnly || fileStatus(files, path).saving) return 'nothing';
  if (expectedHash === undefined && !isDirty(buffer)) return 'nothing';
  const content = buffer.model.getValue();
  const version = buffer.model.getAlternativeVersionId();
  files.setStatus(path, { saving: true });
  try {
    const saved = await deps.client.invoke('workspace.write', { path, content, expectedHash: expectedHash === undefined ? buffer.hash : expectedHash });
    // What the viewer's cache holds is what was saved (a read started before the save must not bring the old text back).
    await deps.queryClient.cancelQueries({ queryKey: fileQuery(deps.client, path).queryKey });
    deps.queryClient.setQueryData(fileQuery(deps.client, path).queryKey, { path, size: saved.size, binary: false, truncated: false, content, hash: saved.hash });
    markSaved(buffer, saved.hash, version);
    files.setStatus(path, { saving: false, diskChanged: false, diskHash: saved.hash });
    if (useEditorFiles.getState().conflict?.path === path) files.setConflict(null);
    return 'saved';
  } catch (err) {
    files.setStatus(path, { saving: false });
    if (err instanceof ClientError && err.code === 'conflict' && err.details && 'currentHash' in err.details) {
      files.setStatus(path, { diskChanged: true, diskHash: err.details.currentHash ?? null });
      files.setConflict({ path, currentHash: err.details.currentHash ?? null });
      return 'conflict';
    }
    pushToast({ tone: 'bad', title: textOf(editorStrings).couldNotSave(nameOf(path)), detail: (err as Error).message, testId: 'save-error' });
    return 'failed';
  }
}

/** Discards the unsaved edits: the text becomes what is on disk now (undo can still bring them back). */
export async function reloadFile(deps: EditorDeps, path: string): Promise<void> {
  const buffer = bufferOf(path);
  if (!buffer) return;
  const files = useEditorFiles.getState();
  try {
    const read = await deps.queryClient.fetchQuery({ ...fileQuery(deps.client, path), staleTime: 0 });
    if (read.binary || read.truncated) {
      disposeBuffer(path);
      files.forget([path]);
      return;
    }
    replaceText(buffer, read.content, read.hash);
    files.setStatus(path, { diskChanged: false, diskHash: read.hash });
  } catch (err) {
    if (!(err instanceof ClientError && err.code === 'not_found')) throw err;
    disposeBuffer(path); // gone: the viewer says so
    files.forget([path]);
  }
}
