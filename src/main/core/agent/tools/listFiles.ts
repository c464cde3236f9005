import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { resolveInsideEx, toRelative } from '../../workspace/pathGuard';
import { ToolError } from './toolError';
import { toolErrors } from '../../../../shared/errors';
import { defineTool } from './toolTypes';
import { compareTreeEntries, walk, type WalkEntry } from './walk';
import { refuseGitInternals, resolveToolPath, rulesFor } from './workspaceFiles';

export const LIST_DEFAULT_LIMIT = 200;
export const LIST_MAX_LIMIT = 2000;

const params = z.object({
  path: z
    .string()
    .optional()
    .describe('Folder to list, relative to the workspace root. Default: the workspace root.'),
  recursive: z
    .boolean()
    .optional()
    .describe('Also list everything below, breadth first (default false: only the folder itself).'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(LIST_MAX_LIMIT)
    .optional()
    .describe(`Maximum number of entries (default ${LIST_DEFAULT_LIMIT}, at most ${LIST_MAX_LIMIT}).`),
});

async function describeLink(root: string, entry: WalkEntry): Promise<string> {
  try {
    const target = await resolveInsideEx(root, entry.abs);
    if (!target.exists) return `${entry.rel} (broken symlink)`;
    const isDir = (await stat(target.real)).isDirectory();
    return `${entry.rel}${isDir ? '/' : ''} (symlink to ${toRelative(root, target.real) || '.'})`;
  } catch {
    return `${entry.rel} (symlink leading outside the workspace)`;
  }
}

export const listFilesTool = defineTool({
  name: 'list_files',
  category: 'read',
  description: [
    'List the files and folders in a workspace folder. Paths are relative to the workspace root, folders end with "/".',
    'Use recursive: true to see a whole tree (breadth first, so a limit keeps the upper levels).',
    'Hidden: .git and everything .gitignore excludes (list an ignored folder such as "dist" by its path to see inside it);',
    'node_modules is shown but not entered unless you list inside it.',
  ].join(' '),
  params,
  async execute({ path = '.', recursive = false, limit = LIST_DEFAULT_LIMIT }, ctx) {
    const target = await resolveToolPath(ctx, path, { mustExist: true });
    refuseGitInternals(target.rel, path, 'read');
    if (!(await stat(target.real)).isDirectory()) {
      throw new ToolError('bad_request', toolErrors.isFile(path), 'Use read_file to read it, or list its folder.');
    }
    const rules = await rulesFor(ctx);
    const entries: WalkEntry[] = [];
    let more = false;
    for await (const entry of walk(target.real, target.rel, { rules, recursive, signal: ctx.signal })) {
      if (entries.length >= limit) {
        more = true;
        break;
      }
      entries.push(entry);
    }
    entries.sort(compareTreeEntries);
    const lines = await Promise.all(
      entries.map(async (e) => {
        if (e.kind === 'symlink') return describeLink(ctx.root, e);
        if (e.kind === 'dir') return `${e.rel}/${e.notEntered ? ' (not listed: dependencies)' : ''}`;
        return e.rel;
      }),
    );
    const where = target.rel || 'the workspace root';
    let text: string;
    if (!entries.length) text = `${where} is empty (or holds only ignored files).`;
    else {
      const head = `${recursive ? 'Everything in' : 'Contents of'} ${where} (${entries.length} entries${more ? ', truncated' : ''}):`;
      text = [head, ...lines].join('\n');
    }
    if (more) {
      text += `\n[Listing stopped at ${limit} entries; more exist. List a sub-folder, or raise limit (at most ${LIST_MAX_LIMIT}).]`;
    }
    return { text, data: { path: target.rel, count: entries.length, truncated: more } };
  },
});
