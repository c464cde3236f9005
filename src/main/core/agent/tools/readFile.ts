import { z } from 'zod';
import { ToolError } from './toolError';
import { toolErrors } from '../../../../shared/errors';
import { defineTool } from './toolTypes';
import { currentFile, refuseGitInternals, resolveToolPath } from './workspaceFiles';

/** At most this many lines and characters per call; longer lines are shortened. */
export const READ_MAX_LINES = 2000;
export const READ_MAX_CHARS = 60_000;
export const READ_MAX_LINE_CHARS = 2000;

const line = z.number().int().min(1);

const params = z.object({
  path: z.string().min(1).describe('File to read, relative to the workspace root.'),
  startLine: line.optional().describe('First line to show (1-based, inclusive). Default 1.'),
  endLine: line.optional().describe('Last line to show (1-based, inclusive). Default: the end of the file.'),
});

export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop(); // a final newline ends the last line
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

export const readFileTool = defineTool({
  name: 'read_file',
  category: 'read',
  description: [
    'Read a text file of the workspace. The answer shows each line with its 1-based line number and a tab before it',
    '(the numbers are not part of the file: never copy them into edit_file). Read big files in parts with startLine/endLine;',
    `one call shows at most ${READ_MAX_LINES} lines. Binary files are refused.`,
  ].join(' '),
  params,
  async execute({ path, startLine, endLine }, ctx) {
    const target = await resolveToolPath(ctx, path);
    refuseGitInternals(target.rel, path, 'read');
    const file = await currentFile(ctx, target, path);
    if (!file.exists) {
      throw new ToolError('not_found', toolErrors.noSuchFile(path, file.pending ? 'deletes' : ''), 'Use list_files to see what exists.');
    }
    if (file.binary || file.text === null) {
      throw new ToolError(
        'bad_request',
        toolErrors.binaryNotShown(path),
        'If you need to know what it is, use run_command with e.g. `file <path>` or `xxd <path> | head`.',
      );
    }
    const lines = splitLines(file.text);
    const total = file.text === '' ? 0 : lines.length;
    const name = target.rel;
    if (total === 0) return { text: `${name} is empty.`, data: { path: name, lines: 0 } };
    const from = startLine ?? 1;
    const to = Math.min(endLine ?? total, total);
    if (endLine !== undefined && endLine < from) {
      throw new ToolError('bad_request', toolErrors.endBeforeStart(endLine, from), 'Give startLine ≤ endLine.');
    }
    if (from > total) {
      throw new ToolError(
        'bad_request',
        toolErrors.pastEnd(name, total, from),
        `Read from a line between 1 and ${total}.`,
      );
    }
    const width = String(to).length;
    const out: string[] = [];
    let chars = 0;
    let last = from - 1;
    let shortened = false;
    for (let n = from; n <= to && n - from < READ_MAX_LINES; n++) {
      let text = lines[n - 1];
      if (text.length > READ_MAX_LINE_CHARS) {
        text = `${text.slice(0, READ_MAX_LINE_CHARS)} … (line shortened: ${text.length - READ_MAX_LINE_CHARS} more characters)`;
        shortened = true;
      }
      const row = `${String(n).padStart(width)}\t${text}`;
      if (chars + row.length > READ_MAX_CHARS && out.length > 0) break;
      out.push(row);
      chars += row.length + 1;
      last = n;
    }
    const notes: string[] = [];
    if (last < to) {
      notes.push(`[Showing lines ${from}–${last} of ${total} (the output limit). Call read_file with startLine: ${last + 1} to read on.]`);
    } else if (from > 1 || to < total) {
      notes.push(`[Lines ${from}–${to} of ${total}.]`);
    }
    if (shortened) notes.push('[Very long lines were shortened.]');
    if (file.notUtf8) notes.push('[The file is not valid UTF-8: undecodable bytes are shown as �.]');
    if (file.pending) notes.push('[This is the content proposed in this session; it is not applied to the file yet.]');
    const header = `${name} (${total} line${total === 1 ? '' : 's'}):`;
    return {
      text: [header, ...out, ...notes].join('\n'),
      data: { path: name, lines: total, startLine: from, endLine: last, truncated: last < to },
    };
  },
});
