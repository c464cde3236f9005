import { readdir } from 'node:fs/promises';
import type { ContextAttachment, DiagnosticsReport } from '../../../shared/context/contextShapes';
import { parseMentions, type Mention } from '../../../shared/context/mentions';
import { cutMiddle, estimateTokens } from '../../common/text';
import { AkiraError } from '../errors';
import { contextErrors, plainWords, type Words } from '../../../shared/errors';
import type { GitignoreRules } from '../workspace/gitignoreRules';
import { isDotGitName, isInsideDotGit } from '../workspace/pathGuard';
import { outlineOf } from './fileOutline';
import { readWorkspaceText, workspaceEntryKind } from './workspaceText';

/**
 * What the `@` mentions of a task or a message attach (issue 11): each mention becomes a ContextAttachment
 * the model reads and a person sees as a chip. Never throws for a bad mention: a missing file, a path outside
 * the workspace, a binary file or an unknown checkpoint is an attachment with `error` (the model is told). Nothing
 * inside a `.git` folder is attached (as named or where a link leads): git's own data can hold credentials.
 *
 *   await resolveMentions('fix @src/a.ts:10-20 using @docs/ and @diff', deps)
 *
 * - `@file`: its text with line numbers; past FILE_FULL_MAX_CHARS its outline and first FIRST_LINES lines (said
 *   in `note`); `@file:10-20` those lines.        - `@folder/`: its listing, one level, .gitignore respected.
 * - `@diff`: `git diff HEAD` of the workspace and the untracked files' names.
 * - `@problems`: the checkers' diagnostics (deps.diagnostics).   - `@checkpoint:<id>`: what that checkpoint changed.
 * - `@mcp:<server>:<uri or prompt>`: an MCP server's resource, or its prompt; `@"mcp:<server>:<prompt or template>
 *   key=value …"` with the prompt's arguments or the template's variables. A server still starting is waited for.
 * With `preview` (the task box, before anything starts) @problems is not run.
 */

export interface MentionDeps {
  root: string;
  rules?: GitignoreRules | null;
  workingDiff?: () => Promise<{ diff: string; untracked: string[]; files: number } | null>;
  diagnostics?: () => Promise<DiagnosticsReport>;
  formatDiagnostics?: (report: DiagnosticsReport) => string;
  checkpointDiff?: (checkpointId: string) => Promise<{ title: string; text: string }>;
  /** An MCP server's resource or prompt (the workspace's MCP hub). */
  mcp?: (server: string, target: string, args?: Readonly<Record<string, string>>) => Promise<{ title: string; text: string }>;
}

export const MAX_MENTIONS = 20;
export const FILE_FULL_MAX_CHARS = 40_000;
export const FIRST_LINES = 200;
export const RANGE_MAX_LINES = 2000;
export const FILE_READ_LIMIT = 4 * 1024 * 1024;
export const DIFF_MAX_CHARS = 60_000;
export const FOLDER_MAX_ENTRIES = 400;

const numbered = (lines: readonly string[], first: number) => lines.map((l, i) => `${String(first + i).padStart(5)}| ${l}`).join('\n');

function attachment(m: Mention, title: string, content: string, note: string | null = null): ContextAttachment {
  return { kind: m.kind, ref: m.ref, title, content, tokens: estimateTokens(content), note, error: null };
}

/** A mention that could not be attached: the English the model reads, and its words for people when it has them. */
function failed(m: Mention, error: string | Words): ContextAttachment {
  const base = { kind: m.kind, ref: m.ref, title: `@${m.ref}`, content: '', tokens: 0, note: null };
  return typeof error === 'string' ? { ...base, error } : { ...base, error: error.en, errorWords: plainWords(error) };
}

async function fileAttachment(m: Mention, deps: MentionDeps): Promise<ContextAttachment> {
  const file = await readWorkspaceText(deps.root, m.path ?? '', FILE_READ_LIMIT);
  if (!file) return failed(m, contextErrors.noSuchFile(m.path ?? ''));
  if (isInsideDotGit(file.rel)) return failed(m, contextErrors.insideGit(m.ref));
  if (file.binary) return failed(m, contextErrors.binaryFile(file.rel, file.size));
  const lines = file.text.replace(/\r\n/g, '\n').split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const total = lines.length;
  if (m.startLine !== undefined) {
    if (m.startLine > total) return failed(m, contextErrors.noSuchLine(file.rel, total, m.startLine));
    const end = Math.min(m.endLine ?? m.startLine, total, m.startLine + RANGE_MAX_LINES - 1);
    const cut = end < (m.endLine ?? m.startLine) ? `lines ${m.startLine}–${end} of the ${m.endLine} asked for (at most ${RANGE_MAX_LINES})` : null;
    return attachment(m, `${file.rel}, lines ${m.startLine}–${end} of ${total}`, `File ${file.rel}, lines ${m.startLine}–${end} of ${total}:\n${numbered(lines.slice(m.startLine - 1, end), m.startLine)}`, cut);
  }
  const whole = numbered(lines, 1);
  if (whole.length <= FILE_FULL_MAX_CHARS && !file.truncated) {
    return attachment(m, `${file.rel} (${total} line${total === 1 ? '' : 's'})`, `File ${file.rel} (${total} lines):\n${whole}`);
  }
  const outline = outlineOf(lines.join('\n'), file.rel);
  const first = lines.slice(0, FIRST_LINES);
  const note = `large file (${file.truncated ? `over ${Math.round(FILE_READ_LIMIT / 1024 / 1024)} MB` : `${total} lines`}): its outline and the first ${first.length} lines; read_file for the rest`;
  const content = [
    `File ${file.rel} (${file.truncated ? `${file.size} bytes, only the first ${FILE_READ_LIMIT} read` : `${total} lines`}) is large: its outline and its first ${first.length} lines follow. Use read_file with startLine/endLine for the rest.`,
    '',
    `Outline (line: declaration):`,
    outline.length ? outline.join('\n') : '(no declarations found)',
    '',
    `Lines 1–${first.length}:`,
    numbered(first, 1),
  ].join('\n');
  return attachment(m, `${file.rel} (${total} lines: outline + first ${first.length})`, cutMiddle(content, FILE_FULL_MAX_CHARS), note);
}

async function folderAttachment(m: Mention, deps: MentionDeps): Promise<ContextAttachment> {
  const entry = await workspaceEntryKind(deps.root, m.path ?? '.');
  if (!entry) return failed(m, contextErrors.noSuchFolder(m.path ?? ''));
  if (entry.kind !== 'dir') return failed(m, contextErrors.isFile(entry.rel));
  if (isInsideDotGit(entry.rel)) return failed(m, contextErrors.insideGit(m.ref));
  const dirents = await readdir(entry.real, { withFileTypes: true });
  const ignored = deps.rules ? await deps.rules.forDir(entry.real).catch(() => null) : null;
  const items = dirents
    .filter((d) => !isDotGitName(d.name) && !(ignored && ignored(d.name, d.isDirectory())))
    .map((d) => (d.isDirectory() ? `${d.name}/` : d.name))
    .sort((a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || a.localeCompare(b));
  const shown = items.slice(0, FOLDER_MAX_ENTRIES);
  const name = entry.rel || '.';
  const more = items.length > shown.length ? `\n… and ${items.length - shown.length} more` : '';
  return attachment(
    m,
    `${name}/ (${items.length} entr${items.length === 1 ? 'y' : 'ies'})`,
    `Folder ${name}/ (${items.length} entries, .gitignore respected; folders end with /):\n${shown.join('\n') || '(empty)'}${more}`,
    more ? `the first ${FOLDER_MAX_ENTRIES} of ${items.length} entries` : null,
  );
}

async function diffAttachment(m: Mention, deps: MentionDeps): Promise<ContextAttachment> {
  const found = deps.workingDiff ? await deps.workingDiff() : null;
  if (!found) return failed(m, contextErrors.noGitRepo);
  if (!found.diff.trim() && !found.untracked.length) return attachment(m, 'git diff (no changes)', 'git diff HEAD: the working tree has no changes.');
  const untracked = found.untracked.length ? `\n\nUntracked files (${found.untracked.length}):\n${found.untracked.slice(0, 200).join('\n')}` : '';
  const full = `git diff HEAD of the working tree (${found.files} changed file${found.files === 1 ? '' : 's'}):\n${found.diff || '(no tracked file changed)'}${untracked}`;
  const content = cutMiddle(full, DIFF_MAX_CHARS);
  return attachment(m, `git diff (${found.files} file${found.files === 1 ? '' : 's'})`, content, content.length < full.length ? `cut to ${DIFF_MAX_CHARS} characters of ${full.length}` : null);
}

async function problemsAttachment(m: Mention, deps: MentionDeps, preview: boolean): Promise<ContextAttachment> {
  if (preview) return { ...attachment(m, "the project's problems (checked when the session starts)", ''), note: 'the checkers run when the session starts' };
  if (!deps.diagnostics || !deps.formatDiagnostics) return failed(m, contextErrors.noDiagnostics);
  const report = await deps.diagnostics();
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  return attachment(m, `problems (${errors} error${errors === 1 ? '' : 's'}, ${report.diagnostics.length - errors} other)`, deps.formatDiagnostics(report));
}

async function checkpointAttachment(m: Mention, deps: MentionDeps): Promise<ContextAttachment> {
  if (!deps.checkpointDiff) return failed(m, contextErrors.noCheckpoints);
  const found = await deps.checkpointDiff(m.checkpointId ?? '');
  return attachment(m, found.title, found.text);
}

async function mcpAttachment(m: Mention, deps: MentionDeps): Promise<ContextAttachment> {
  if (!deps.mcp) return failed(m, contextErrors.noMcp);
  const found = await deps.mcp(m.server ?? '', m.target ?? '', m.args ?? {});
  const content = cutMiddle(found.text, FILE_FULL_MAX_CHARS);
  return attachment(m, found.title, content, content.length < found.text.length ? `cut to ${FILE_FULL_MAX_CHARS} characters of ${found.text.length}` : null);
}

async function resolveOne(m: Mention, deps: MentionDeps, preview: boolean): Promise<ContextAttachment> {
  try {
    if ((m.kind === 'file' || m.kind === 'folder') && isInsideDotGit(m.path ?? '')) return failed(m, contextErrors.insideGit(m.ref));
    switch (m.kind) {
      case 'file':
        // A mention of a folder without its slash is the folder.
        if ((await workspaceEntryKind(deps.root, m.path ?? '').catch(() => null))?.kind === 'dir' && m.startLine === undefined) return await folderAttachment({ ...m, kind: 'folder' }, deps);
        return await fileAttachment(m, deps);
      case 'folder':
        return await folderAttachment(m, deps);
      case 'diff':
        return await diffAttachment(m, deps);
      case 'problems':
        return await problemsAttachment(m, deps, preview);
      case 'checkpoint':
        return await checkpointAttachment(m, deps);
      case 'mcp':
        return await mcpAttachment(m, deps);
      case 'selection':
      case 'tabs':
        // The editor's context (editorContext.ts), never written as a mention.
        return failed(m, contextErrors.noSuchFile(m.ref));
    }
  } catch (err) {
    if (err instanceof AkiraError && err.code === 'forbidden') return failed(m, contextErrors.outside(m.ref));
    // Another error keeps its own words (a checkpoint or an MCP server that does not exist).
    const words = err instanceof AkiraError ? err.words : undefined;
    return failed(m, words ? { ...words, en: (err as Error).message } : (err as Error).message);
  }
}

/** The attachments of a text's mentions, in order, each mention once (at most MAX_MENTIONS). */
export async function resolveMentions(text: string, deps: MentionDeps, options: { preview?: boolean } = {}): Promise<ContextAttachment[]> {
  const seen = new Set<string>();
  const mentions = parseMentions(text).filter((m) => (seen.has(m.ref) ? false : (seen.add(m.ref), true)));
  const out: ContextAttachment[] = [];
  for (const m of mentions.slice(0, MAX_MENTIONS)) out.push(await resolveOne(m, deps, options.preview ?? false));
  for (const m of mentions.slice(MAX_MENTIONS)) out.push(failed(m, contextErrors.tooManyMentions(MAX_MENTIONS)));
  return out;
}
