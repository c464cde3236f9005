import type * as Monaco from 'monaco-editor/editor/editor.api';
import { setDirty, tabIdOf } from '../../appState/editorTabs';
import { useUiStore } from '../../appState/uiStore';
import { languageOf } from './languageOf';
import type { MonacoApi } from './monacoLoader';

/**
 * The text of the open files, one Monaco model each, kept while the file's tab is open: across tab switches and while
 * another view fills the editor area, with its undo history and view state (FileViewer attaches and detaches them).
 * Each buffer knows the hash of the bytes it was read from or last saved as (workspace.write's `expectedHash`) and
 * the model version that matches them: any other version is unsaved ("dirty"), which its tab hears at once.
 *
 *   const b = bufferOf(path) ?? createBuffer(monaco, readResult);   isDirty(b);   markSaved(b, hash, version);
 */

export interface FileBuffer {
  readonly path: string;
  readonly model: Monaco.editor.ITextModel;
  /** sha256 of the bytes on disk this text came from or was saved as; null for a truncated file (read-only). */
  hash: string | null;
  /** The model's alternative version id that matches `hash` (undo back to it is clean again). */
  savedVersion: number;
  /** A big file shown only in part cannot be saved. */
  readOnly: boolean;
  viewState: Monaco.editor.ICodeEditorViewState | null;
}

interface Entry extends FileBuffer {
  listener: Monaco.IDisposable;
}

const buffers = new Map<string, Entry>();

/** In the browser, leaving the page with unsaved edits asks first (the desktop window would close silently refused). */
let guarded = false;
function guardUnload() {
  if (guarded || window.akira) return;
  guarded = true;
  window.addEventListener('beforeunload', (e) => {
    if (![...buffers.values()].some(isDirty)) return;
    e.preventDefault();
    e.returnValue = '';
  });
}

export const fileTabId = (path: string) => tabIdOf({ kind: 'file', path });

export function bufferOf(path: string): FileBuffer | undefined {
  return buffers.get(path);
}

export function openBufferPaths(): string[] {
  return [...buffers.keys()];
}

export function isDirty(buffer: FileBuffer): boolean {
  return !buffer.model.isDisposed() && buffer.model.getAlternativeVersionId() !== buffer.savedVersion;
}

/** Tells the file's tab whether it has unsaved edits, when the tab says otherwise (FileViewer calls it on attaching). */
export function reportDirty(buffer: FileBuffer) {
  const dirty = isDirty(buffer);
  const id = fileTabId(buffer.path);
  if (useUiStore.getState().tabs.tabs.some((t) => t.id === id && t.dirty !== dirty)) {
    useUiStore.getState().updateTabs((tabs) => setDirty(tabs, id, dirty));
  }
}

/** A buffer for a file just read (workspace.read's answer; not binary). */
export function createBuffer(monaco: MonacoApi, read: { path: string; content: string; hash: string | null; truncated: boolean }): FileBuffer {
  disposeBuffer(read.path);
  guardUnload();
  const model = monaco.editor.createModel(read.content, languageOf(monaco, read.path));
  const entry = {
    path: read.path,
    model,
    hash: read.hash,
    savedVersion: model.getAlternativeVersionId(),
    readOnly: read.truncated || read.hash === null,
    viewState: null,
  } as Omit<Entry, 'listener'> as Entry;
  entry.listener = model.onDidChangeContent(() => reportDirty(entry));
  buffers.set(read.path, entry);
  return entry;
}

/** The text was saved (or found on disk) as `hash`, at model version `version`. */
export function markSaved(buffer: FileBuffer, hash: string, version: number) {
  buffer.hash = hash;
  buffer.savedVersion = version;
  reportDirty(buffer);
}

/** Replaces the text with what is on disk now (a silent reload, or "discard mine"); undo can still go back. */
export function replaceText(buffer: FileBuffer, content: string, hash: string | null) {
  const { model } = buffer;
  if (model.getValue() !== content) {
    model.pushStackElement();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: content }], () => null);
    model.pushStackElement();
  }
  buffer.hash = hash;
  buffer.savedVersion = model.getAlternativeVersionId();
  reportDirty(buffer);
}

export function disposeBuffer(path: string) {
  const entry = buffers.get(path);
  if (!entry) return;
  buffers.delete(path);
  entry.listener.dispose();
  entry.model.dispose();
  useUiStore.getState().updateTabs((tabs) => setDirty(tabs, fileTabId(path), false));
}

export function disposeAllBuffers() {
  for (const path of [...buffers.keys()]) disposeBuffer(path);
}
