import type { ContextAttachment, EditorContext } from '../../../shared/context/contextShapes';
import { mentionFor } from '../../../shared/context/mentions';
import { contextErrors, plainWords } from '../../../shared/errors';
import { estimateTokens } from '../../common/text';
import { isInsideDotGit } from '../workspace/pathGuard';
import { workspaceEntryKind } from './workspaceText';

/**
 * The editor's context of a task started from the app (issue 25, seed 003's context collector), as attachments
 * beside the task's `@` mentions: the active file as `@path` resolves it (a file no longer on disk is an attachment
 * with its error), the selected lines with the text the editor holds (said so when the buffer has unsaved edits or
 * the file is gone from disk), and the open tabs' names (names only: the model reads a file when it needs it).
 * What the task already mentions is not attached twice.
 *
 *   await taskAttachments(context, 'fix it', {activeFile: 'src/a.ts', selection: {...}, openTabs: ['src/a.ts']})
 */

export const OPEN_TABS_REF = 'open-tabs';

interface Resolver {
  readonly root: string;
  resolve(text: string): Promise<ContextAttachment[]>;
}

const numbered = (lines: readonly string[], first: number) => lines.map((l, i) => `${String(first + i).padStart(5)}| ${l}`).join('\n');
const span = (start: number, end: number) => (start === end ? `${start}` : `${start}-${end}`);

async function selectionAttachment(root: string, s: NonNullable<EditorContext['selection']>): Promise<ContextAttachment> {
  const endLine = Math.max(s.startLine, s.endLine);
  const ref = `${s.path}:${span(s.startLine, endLine)}`;
  const base = { kind: 'selection' as const, ref };
  if (isInsideDotGit(s.path)) {
    const words = contextErrors.insideGit(ref);
    return { ...base, title: `@${ref}`, content: '', tokens: 0, note: null, error: words.en, errorWords: plainWords(words) };
  }
  const onDisk = await workspaceEntryKind(root, s.path).catch(() => null);
  const notes = [
    s.unsaved ? 'from unsaved edits in the editor: the file on disk differs' : null,
    !onDisk ? 'the file is no longer on disk: this is the text the editor still holds' : null,
    s.cut ? 'cut in the middle to fit' : null,
  ].filter((n): n is string => n !== null);
  const lines = s.text.replace(/\r\n/g, '\n').split('\n');
  const lineWords = s.startLine === endLine ? `line ${s.startLine}` : `lines ${s.startLine}–${endLine}`;
  const content = `Selected in the editor: ${s.path}, ${lineWords}${notes.length ? ` (${notes.join('; ')})` : ''}:\n${numbered(lines, s.startLine)}`;
  return { ...base, title: `${s.path}, ${lineWords} (selected in the editor)`, content, tokens: estimateTokens(content), note: notes.join('; ') || null, error: null };
}

function tabsAttachment(paths: readonly string[]): ContextAttachment {
  const content = `Files open in the editor's tabs (names only; read_file reads one):\n${paths.map((p) => `- ${p}`).join('\n')}`;
  return { kind: 'tabs', ref: OPEN_TABS_REF, title: `${paths.length} open tab${paths.length === 1 ? '' : 's'}`, content, tokens: estimateTokens(content), note: null, error: null };
}

/** The attachments of the editor's context, after `mentioned` (the task's own), none of them twice. */
export async function editorAttachments(context: Resolver, editor: EditorContext, mentioned: readonly ContextAttachment[]): Promise<ContextAttachment[]> {
  const refs = new Set(mentioned.map((a) => a.ref));
  const out: ContextAttachment[] = [];
  if (editor.activeFile && !refs.has(editor.activeFile)) out.push(...(await context.resolve(mentionFor(editor.activeFile))));
  if (editor.selection) {
    const selection = await selectionAttachment(context.root, editor.selection);
    if (!refs.has(selection.ref)) out.push(selection);
  }
  const tabs = [...new Set(editor.openTabs ?? [])];
  if (tabs.length) out.push(tabsAttachment(tabs));
  return out;
}

/** What a new session's task attaches: its `@` mentions, then the editor's context the app sent with it. */
export async function taskAttachments(context: Resolver | null | undefined, task: string, editor: EditorContext | undefined): Promise<ContextAttachment[]> {
  if (!context) return [];
  const mentioned = await context.resolve(task);
  return editor ? [...mentioned, ...(await editorAttachments(context, editor, mentioned))] : mentioned;
}
