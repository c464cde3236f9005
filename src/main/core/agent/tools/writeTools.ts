import { z } from 'zod';
import { applyEdits } from './editMatching';
import { ToolError } from './toolError';
import { toolErrors } from '../../../../shared/errors';
import { defineTool, type ProposedChange, type ToolResult } from './toolTypes';
import { currentFile, lineStats, lstatEntry, refuseGitInternals, resolveToolPath } from './workspaceFiles';

/**
 * write_file, edit_file and delete_file. None of them writes: each answers a ProposedChange that the
 * approval gate shows as a diff and applies later with `applyProposedChange` (or rejects). The text
 * the model reads says what was prepared; the orchestrator tells it whether the change was applied.
 */

function summary(change: ProposedChange): string {
  const { added, removed } = lineStats(change.before, change.after);
  const counts = change.binary ? '' : ` (+${added} −${removed} lines)`;
  const verb = change.kind === 'create' ? 'create' : change.kind === 'delete' ? 'delete' : 'modify';
  return `Prepared a change to ${verb} ${change.path}${counts}; it is applied once approved.`;
}

function proposed(change: ProposedChange): ToolResult {
  const { added, removed } = lineStats(change.before, change.after);
  return { text: summary(change), change, data: { path: change.path, kind: change.kind, added, removed } };
}

const writeParams = z.object({
  path: z.string().min(1).describe('File to create or overwrite, relative to the workspace root. Missing folders are created.'),
  content: z.string().describe('The complete new content of the file.'),
});

export const writeFileTool = defineTool({
  name: 'write_file',
  category: 'write',
  description: [
    'Create a file, or replace a file\'s whole content. Give the complete content, never a placeholder such as "rest unchanged".',
    'For changes to part of an existing file prefer edit_file. The change is shown to the user as a diff and applied once approved.',
  ].join(' '),
  params: writeParams,
  async execute({ path, content }, ctx) {
    const target = await resolveToolPath(ctx, path);
    refuseGitInternals(target.rel, path);
    if (/[\\/]$/.test(path.trim())) {
      throw new ToolError('bad_request', toolErrors.namesFolder(path));
    }
    const file = await currentFile(ctx, target, path);
    if (file.exists && file.text === content && !file.binary) {
      return { text: `${target.rel} already has exactly this content; nothing to change.`, data: { path: target.rel, unchanged: true } };
    }
    return proposed({
      path: target.rel,
      kind: file.exists ? 'modify' : 'create',
      before: file.exists && !file.binary ? file.text : null,
      after: content,
      ...(file.binary ? { binary: true } : {}),
      beforeHash: file.hash,
    });
  },
});

const editParams = z.object({
  path: z.string().min(1).describe('File to edit, relative to the workspace root.'),
  edits: z
    .array(
      z.object({
        search: z.string().min(1).describe('Exact text to find: it must occur exactly once in the file, including whitespace and indentation.'),
        replace: z.string().describe('Text to put in its place (empty to remove it).'),
      }),
    )
    .min(1)
    .max(100)
    .describe('Replacements applied in order, each to the result of the previous ones.'),
});

export const editFileTool = defineTool({
  name: 'edit_file',
  category: 'write',
  description: [
    'Change parts of an existing file by exact search-and-replace. Each search text must match the current file exactly once',
    '(copy it from read_file without the line numbers, with a few lines of context to make it unique). Several edits are applied',
    'in order; if any is not found or ambiguous, none is applied and the error shows where the closest text is.',
    'The change is shown to the user as a diff and applied once approved.',
  ].join(' '),
  params: editParams,
  async execute({ path, edits }, ctx) {
    const target = await resolveToolPath(ctx, path);
    refuseGitInternals(target.rel, path);
    const file = await currentFile(ctx, target, path);
    if (!file.exists) {
      throw new ToolError('not_found', toolErrors.noSuchFile(path, file.pending ? 'deletes' : ''), 'Use write_file to create a file, or list_files to find the right path.');
    }
    if (file.binary || file.text === null) {
      throw new ToolError('bad_request', toolErrors.binaryNotEdited(path), 'Use write_file to replace it, or run_command with a suitable tool.');
    }
    if (file.notUtf8) {
      throw new ToolError('bad_request', toolErrors.notUtf8(path), 'Use run_command with a tool that handles its encoding (e.g. iconv or sed).');
    }
    const after = applyEdits(file.text, edits, target.rel);
    if (after === file.text) {
      throw new ToolError('bad_request', toolErrors.editUnchanged(target.rel), 'Make sure replace differs from search.');
    }
    return proposed({ path: target.rel, kind: 'modify', before: file.text, after, beforeHash: file.hash });
  },
});

const deleteParams = z.object({
  path: z.string().min(1).describe('File to delete, relative to the workspace root.'),
});

export const deleteFileTool = defineTool({
  name: 'delete_file',
  category: 'write',
  description: 'Delete one file of the workspace (not a folder). The deletion is shown to the user and done once approved.',
  params: deleteParams,
  async execute({ path }, ctx) {
    // A link is refused rather than resolved: deleting would remove its target, not the link.
    if ((await lstatEntry(ctx, path)).isLink) {
      throw new ToolError('bad_request', toolErrors.symlinkNotDeleted(path), 'Use run_command (e.g. `rm <link>`) to remove a link.');
    }
    const target = await resolveToolPath(ctx, path);
    refuseGitInternals(target.rel, path);
    const file = await currentFile(ctx, target, path);
    if (!file.exists) {
      throw new ToolError('not_found', toolErrors.noSuchFile(path, file.pending ? 'deletesAlready' : ''), 'Use list_files to see what exists.');
    }
    return proposed({
      path: target.rel,
      kind: 'delete',
      before: file.binary ? null : file.text,
      after: null,
      ...(file.binary ? { binary: true } : {}),
      beforeHash: file.hash,
    });
  },
});
