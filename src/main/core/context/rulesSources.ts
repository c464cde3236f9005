import { readdir } from 'node:fs/promises';
import { posix } from 'node:path';
import type { RulesFileInfo, RulesKind } from '../../../shared/context/contextShapes';
import { readWorkspaceText, workspaceEntryKind } from './workspaceText';
import type { FrontMatterStyle } from './ruleTriggers';

/**
 * Where each tool keeps its rules in a workspace (issue 24; shared/DESIGN.md "Data on disk"), in the order they are
 * sent, and the files found there:
 *
 *   await workspaceRuleFiles(root, {mode: 'code-dev', disabled}) → [{path: 'AGENTS.md', kind: 'agents', style: 'none', text}, …]
 *
 * At the root: AGENTS.md, CLAUDE.md, GEMINI.md, `.clinerules` (a file or a folder), `.cursorrules`, `.windsurfrules`,
 * `.github/copilot-instructions.md`; then the folders: `.akira/rules/*.md`, `.cursor/rules/**\/*.mdc`,
 * `.windsurf/rules/*.md`, `.roo/rules/**` and `.roo/rules-<mode>/**` (the session's mode), `.github/instructions/**\/
 * *.instructions.md`, `.kiro/steering/*.md`. Read confined to the workspace (a file or folder that is a link out of
 * it is left out), at most RULES_FILE_MAX_BYTES each, at most MAX_FOLDER_FILES per folder.
 */

export const RULES_FILE_MAX_BYTES = 256 * 1024;
const MAX_FOLDER_FILES = 60;
const MAX_DEPTH = 4;
const TEXT_RULE = /\.(md|mdc|txt)$/i;

export interface RuleFile {
  path: string;
  kind: RulesKind;
  scope: RulesFileInfo['scope'];
  style: FrontMatterStyle;
  text: string;
  /** Roo's `.roo/rules-<mode>/`: the mode it is for. */
  mode?: string;
  /** A nested AGENTS.md: the folder it applies to. */
  under?: string;
}

interface Place {
  path: string;
  kind: RulesKind;
  style: FrontMatterStyle;
  /** A folder: which of its files are rules, and whether its sub-folders are read too. */
  files?: RegExp;
  deep?: boolean;
  /** A root file that may be a folder of rule files (`.clinerules`). */
  fileOrFolder?: boolean;
  mode?: string;
}

function places(mode: string | undefined): Place[] {
  const list: Place[] = [
    { path: 'AGENTS.md', kind: 'agents', style: 'none' },
    { path: 'CLAUDE.md', kind: 'claude', style: 'none' },
    { path: 'GEMINI.md', kind: 'gemini', style: 'none' },
    { path: '.clinerules', kind: 'cline', style: 'none', fileOrFolder: true, files: TEXT_RULE },
    { path: '.cursorrules', kind: 'cursor', style: 'none' },
    { path: '.windsurfrules', kind: 'windsurf', style: 'none' },
    { path: '.github/copilot-instructions.md', kind: 'copilot', style: 'none' },
    { path: '.akira/rules', kind: 'akira', style: 'none', files: TEXT_RULE },
    { path: '.cursor/rules', kind: 'cursor', style: 'cursor-mdc', files: /\.mdc$/i, deep: true },
    { path: '.windsurf/rules', kind: 'windsurf', style: 'windsurf', files: /\.md$/i },
    { path: '.roo/rules', kind: 'roo', style: 'none', files: TEXT_RULE, deep: true },
  ];
  // A mode id is a slug (modes/modeSchema.ts); anything else names no folder.
  if (mode && /^[a-z0-9][a-z0-9-]*$/i.test(mode)) list.push({ path: `.roo/rules-${mode}`, kind: 'roo', style: 'none', files: TEXT_RULE, deep: true, mode });
  list.push(
    { path: '.github/instructions', kind: 'copilot', style: 'copilot', files: /\.instructions\.md$/i, deep: true },
    { path: '.kiro/steering', kind: 'kiro', style: 'kiro', files: /\.md$/i },
  );
  return list;
}

export async function readRuleText(root: string, rel: string): Promise<string | null> {
  try {
    const file = await readWorkspaceText(root, rel, RULES_FILE_MAX_BYTES);
    return file && !file.binary ? file.text : null;
  } catch {
    return null; // outside (a link), a folder, unreadable: not a rules file
  }
}

/** The rule files of a folder (sorted by path; sub-folders too when `deep`), confined to the workspace. */
async function folderFiles(root: string, rel: string, files: RegExp, deep: boolean, depth = 0, out: string[] = []): Promise<string[]> {
  const entry = await workspaceEntryKind(root, rel).catch(() => null);
  if (entry?.kind !== 'dir') return out;
  const names = (await readdir(entry.real, { withFileTypes: true }).catch(() => [])).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const d of names) {
    if (out.length >= MAX_FOLDER_FILES) break;
    const path = `${rel}/${d.name}`;
    if (d.isDirectory() || d.isSymbolicLink()) {
      if (deep && depth < MAX_DEPTH && (await workspaceEntryKind(root, path).catch(() => null))?.kind === 'dir') await folderFiles(root, path, files, deep, depth + 1, out);
      else if (d.isSymbolicLink() && files.test(d.name)) out.push(path);
    } else if (files.test(d.name)) out.push(path);
  }
  return out;
}

export async function workspaceRuleFiles(root: string, options: { mode?: string; disabled: ReadonlySet<RulesKind> }): Promise<RuleFile[]> {
  const found: RuleFile[] = [];
  for (const place of places(options.mode)) {
    if (options.disabled.has(place.kind)) continue;
    let paths: string[];
    if (place.files && !place.fileOrFolder) paths = await folderFiles(root, place.path, place.files, !!place.deep);
    else {
      const entry = await workspaceEntryKind(root, place.path).catch(() => null);
      if (!entry) continue;
      paths = entry.kind === 'dir' ? (place.files ? await folderFiles(root, place.path, place.files, false) : []) : [place.path];
    }
    for (const path of paths) {
      const text = await readRuleText(root, path);
      if (text?.trim()) found.push({ path, kind: place.kind, scope: 'workspace', style: place.style, text, ...(place.mode ? { mode: place.mode } : {}) });
    }
  }
  return found;
}

/** The nearest AGENTS.md above each edited file, below the root (nearest wins: one per edited file). */
export async function nestedAgentsFiles(root: string, edited: readonly string[]): Promise<RuleFile[]> {
  const seen = new Set<string>();
  const found: RuleFile[] = [];
  for (const file of edited) {
    let dir = posix.dirname(file.replace(/\\/g, '/'));
    while (dir && dir !== '.' && dir !== '/') {
      const path = `${dir}/AGENTS.md`;
      const text = await readRuleText(root, path);
      if (text !== null) {
        if (!seen.has(path) && text.trim()) found.push({ path, kind: 'agents', scope: 'folder', style: 'none', text, under: dir });
        seen.add(path);
        break;
      }
      dir = posix.dirname(dir);
    }
  }
  return found;
}
