import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { RulesFileInfo } from '../../../shared/context/contextShapes';
import { estimateTokens } from '../../common/text';
import { readWorkspaceText, workspaceEntryKind } from './workspaceText';

/**
 * The rules files a session's every call carries in its system context (issue 11, "Rules"):
 *
 *   const rules = await loadRules({root, dataDir, editedPaths: ['src/api/x.ts'], maxTokens: 3000})
 *   rules.files   → [{path: 'AGENTS.md', scope: 'workspace', tokens, truncated}, …]   (what the session view lists)
 *   rules.text    → '## Project rules …' ('' when there are none)
 *
 * Which files, in this order: the global `<dataDir>/rules.md` (every workspace); at the workspace root
 * `AGENTS.md`, `CLAUDE.md`, `.clinerules` (a file, or a folder of rule files), `.cursorrules`, `.akira/rules/*.md`;
 * then, for each file being edited, the `AGENTS.md` nearest to it below the root (nearest wins: one per edited
 * file). They are read confined to the workspace (a rules file that is a link out of it is left out), at most
 * 256 KB each, and share `maxTokens`: a file that does not fit is cut and says so (`truncated`). Nothing
 * else of the repository is sent implicitly.
 */

export const RULES_FILE_MAX_BYTES = 256 * 1024;
/** The global rules file, in the data folder. */
export const GLOBAL_RULES_FILE = 'rules.md';
export const GLOBAL_RULES_LABEL = `~global/${GLOBAL_RULES_FILE}`;
const ROOT_FILES = ['AGENTS.md', 'CLAUDE.md', '.clinerules', '.cursorrules'];
const RULE_FOLDER_FILE = /\.(md|mdc|txt)$/i;
const MIN_ROOM_CHARS = 300;

export interface LoadRulesInput {
  root: string;
  dataDir: string;
  /** Workspace-relative files the current TODO edits: their nearest nested AGENTS.md joins. */
  editedPaths?: readonly string[];
  maxTokens: number;
}

export interface LoadedRules {
  files: RulesFileInfo[];
  text: string;
}

interface Found {
  path: string;
  scope: RulesFileInfo['scope'];
  text: string;
  /** For folder rules: the folder they apply to. */
  under?: string;
}

async function readIn(root: string, rel: string): Promise<string | null> {
  try {
    const file = await readWorkspaceText(root, rel, RULES_FILE_MAX_BYTES);
    return file && !file.binary ? file.text : null;
  } catch {
    return null; // outside (a link), a folder, unreadable: not a rules file
  }
}

async function folderFiles(root: string, rel: string): Promise<string[]> {
  const entry = await workspaceEntryKind(root, rel).catch(() => null);
  if (entry?.kind !== 'dir') return [];
  const names = await readdir(entry.real).catch(() => [] as string[]);
  return names.filter((n) => RULE_FOLDER_FILE.test(n)).sort().map((n) => `${rel}/${n}`);
}

async function workspaceRules(root: string): Promise<Found[]> {
  const found: Found[] = [];
  for (const name of ROOT_FILES) {
    const entry = await workspaceEntryKind(root, name).catch(() => null);
    if (!entry) continue;
    const paths = entry.kind === 'dir' ? await folderFiles(root, name) : [name];
    for (const path of paths) {
      const text = await readIn(root, path);
      if (text?.trim()) found.push({ path, scope: 'workspace', text });
    }
  }
  for (const path of await folderFiles(root, '.akira/rules')) {
    const text = await readIn(root, path);
    if (text?.trim()) found.push({ path, scope: 'workspace', text });
  }
  return found;
}

/** The nearest AGENTS.md above each edited file, below the root. */
async function nestedRules(root: string, edited: readonly string[]): Promise<Found[]> {
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const file of edited) {
    let dir = posix.dirname(file.replace(/\\/g, '/'));
    while (dir && dir !== '.' && dir !== '/') {
      const path = `${dir}/AGENTS.md`;
      const text = await readIn(root, path);
      if (text !== null) {
        if (!seen.has(path) && text.trim()) found.push({ path, scope: 'folder', text, under: dir });
        seen.add(path);
        break;
      }
      dir = posix.dirname(dir);
    }
  }
  return found;
}

async function globalRules(dataDir: string): Promise<Found[]> {
  try {
    const text = (await readFile(join(dataDir, GLOBAL_RULES_FILE))).subarray(0, RULES_FILE_MAX_BYTES).toString('utf8');
    return text.trim() ? [{ path: GLOBAL_RULES_LABEL, scope: 'global', text }] : [];
  } catch {
    return [];
  }
}

function heading(f: Found): string {
  if (f.scope === 'global') return `### Your global rules (${GLOBAL_RULES_FILE} in Akira's data folder)`;
  if (f.under) return `### ${f.path} (applies to the files under ${f.under}/)`;
  return `### ${f.path}`;
}

export async function loadRules(input: LoadRulesInput): Promise<LoadedRules> {
  const all = [...(await globalRules(input.dataDir)), ...(await workspaceRules(input.root)), ...(await nestedRules(input.root, input.editedPaths ?? []))];
  if (!all.length) return { files: [], text: '' };
  let room = Math.max(0, input.maxTokens * 4);
  const files: RulesFileInfo[] = [];
  const blocks: string[] = [];
  for (const f of all) {
    const body = f.text.trim();
    const head = heading(f);
    if (room - head.length < MIN_ROOM_CHARS) {
      files.push({ path: f.path, scope: f.scope, tokens: 0, truncated: true });
      blocks.push(`${head}\n(left out: the context budget has no room for it)`);
      continue;
    }
    const fits = body.length + head.length + 1 <= room;
    const kept = fits ? body : `${body.slice(0, room - head.length - 200)}\n… [cut: ${body.length - (room - head.length - 200)} more characters of this rules file do not fit the context budget]`;
    const block = `${head}\n${kept}`;
    room -= block.length;
    files.push({ path: f.path, scope: f.scope, tokens: estimateTokens(kept), truncated: !fits });
    blocks.push(block);
  }
  const text = ['## Project rules', 'Follow these rules of the user and the project (each under the name of its file).', '', blocks.join('\n\n')].join('\n');
  return { files, text };
}
