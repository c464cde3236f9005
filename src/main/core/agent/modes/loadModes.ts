import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { AkiraError } from '../../errors';
import { mergePolicyOverrides } from '../policy/policySchema';
import { builtinModes, CONTROL_TOOLS, type Mode } from './builtinModes';
import { formatModeIssues, MODE_ID, modeFileSchema, modeIssueFields, type ModeFile } from './modeSchema';
import { parse as parseYaml } from 'yaml';
import { modeErrors, plainWords, sessionErrors, type ErrorWords, type Words } from '../../../../shared/errors';

/**
 * The modes of a workspace: the built-ins plus `.akira/modes/*.json|yaml|yml`.
 *
 *   loadModes(workspaceRoot, {parseYaml?}) → {modes, errors: [{file, message, words}]}
 *   findMode(modes, id)                    → Mode, or AkiraError('not_found') listing the ids
 *
 * Each file is read and validated on its own: a broken file is reported (its message names the file
 * and the field) and never hides the others. A custom mode may extend a built-in or another custom
 * mode; a custom mode with a built-in's id replaces it and extends it unless it says otherwise.
 * YAML files are read with the `yaml` package (`parseYaml` replaces it, e.g. in tests).
 */

export interface LoadModesOptions {
  parseYaml?: (text: string) => unknown;
}

export interface ModeLoadError {
  /** Workspace-relative path of the file. */
  file: string;
  /** English, `<file>: <what is wrong>` (logs, the API). */
  message: string;
  /** The message's words (`mode.*`), so the UI says it in its language. */
  words: ErrorWords;
}

const MODES_DIR = join('.akira', 'modes');
const MAX_FILE_BYTES = 512 * 1024;

interface Candidate {
  file: string;
  id: string;
  def: ModeFile;
}

export async function loadModes(workspaceRoot: string, options: LoadModesOptions = { parseYaml }): Promise<{ modes: Mode[]; errors: ModeLoadError[] }> {
  const builtins = builtinModes();
  const errors: ModeLoadError[] = [];
  const fail = (file: string, words: Words) => errors.push({ file, message: words.en, words: plainWords(words) });

  let names: string[];
  try {
    names = (await readdir(join(workspaceRoot, MODES_DIR))).filter((n) => /\.(json|ya?ml)$/i.test(n)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return { modes: builtins, errors };
    throw err;
  }

  const candidates: Candidate[] = [];
  const brokenFiles = new Map<string, string>(); // id (from the file name) → file
  for (const name of names) {
    const file = `.akira/modes/${name}`;
    const def = await readModeFile(join(workspaceRoot, MODES_DIR, name), file, options, fail);
    if (!def) {
      brokenFiles.set(basename(name, extname(name)).toLowerCase(), file);
      continue;
    }
    const id = def.id ?? basename(name, extname(name)).toLowerCase();
    if (def.extends === undefined && def.systemPrompt === undefined && !builtins.some((b) => b.id === id)) {
      fail(file, modeErrors.noPrompt(file));
      continue;
    }
    if (!MODE_ID.test(id)) {
      fail(file, modeErrors.badIdFromName(file, id));
      continue;
    }
    const twin = candidates.find((c) => c.id === id);
    if (twin) {
      fail(file, modeErrors.duplicateId(file, id, twin.file));
      continue;
    }
    candidates.push({ file, id, def });
  }

  const resolved = new Map<string, Mode>(builtins.map((m) => [m.id, m]));
  const builtinById = new Map(builtins.map((m) => [m.id, m]));
  const failed = new Set<string>();
  const byId = new Map(candidates.map((c) => [c.id, c]));

  const resolve = (c: Candidate, chain: string[]): Mode | null => {
    const done = resolved.get(c.id);
    if (done && !done.builtIn) return done;
    if (failed.has(c.id)) return null;
    const parentId = c.def.extends ?? (builtinById.has(c.id) ? c.id : null);
    if (c.def.extends === c.id && !builtinById.has(c.id)) {
      fail(c.file, modeErrors.extendsItself(c.file, c.id));
      failed.add(c.id);
      return null;
    }
    let parent: Mode | null = null;
    if (parentId !== null) {
      if (chain.includes(parentId) && parentId !== c.id) {
        fail(c.file, modeErrors.extendsCycle(c.file, parentId, c.id, [...chain, c.id, parentId].join(' → ')));
        failed.add(c.id);
        return null;
      }
      const custom = parentId !== c.id ? byId.get(parentId) : undefined;
      parent = custom ? resolve(custom, [...chain, c.id]) : (builtinById.get(parentId) ?? null);
      if (!parent) {
        const known = [...new Set([...builtinById.keys(), ...byId.keys()])].filter((id) => id !== c.id);
        const broken = custom ? custom.file : brokenFiles.get(parentId);
        fail(c.file, broken ? modeErrors.extendsBroken(c.file, parentId, broken) : modeErrors.extendsUnknown(c.file, parentId, known.join(', ')));
        failed.add(c.id);
        return null;
      }
    }
    const mode = buildMode(c, parent);
    resolved.set(c.id, mode);
    return mode;
  };
  for (const c of candidates) resolve(c, []);

  // built-ins first (a project's replacement in its place), then custom modes in file-name order
  const custom = candidates.filter((c) => !builtinById.has(c.id) && resolved.has(c.id)).map((c) => resolved.get(c.id)!);
  const modes = [...builtins.map((b) => resolved.get(b.id)!), ...custom];
  return { modes, errors };
}

function buildMode(c: Candidate, parent: Mode | null): Mode {
  const d = c.def;
  let systemPrompt = d.systemPrompt ?? parent?.systemPrompt ?? '';
  if (d.instructions?.trim()) systemPrompt = `${systemPrompt}\n\n## Project instructions\n${d.instructions.trim()}`;
  const tools = d.tools ?? parent?.tools ?? [];
  return {
    id: c.id,
    name: d.name ?? (parent && parent.id !== c.id ? `${parent.name} (${c.id})` : (parent?.name ?? c.id)),
    description: d.description ?? parent?.description ?? '',
    systemPrompt,
    tools: [...new Set([...tools, ...CONTROL_TOOLS])],
    policy: parent ? mergePolicyOverrides(parent.policy, d.policy ?? {}) : (d.policy ?? {}),
    builtIn: false,
    source: c.file,
    extends: parent?.id ?? null,
  };
}

async function readModeFile(path: string, file: string, options: LoadModesOptions, fail: (file: string, words: Words) => void): Promise<ModeFile | null> {
  const yaml = /\.ya?ml$/i.test(file);
  if (yaml && !options.parseYaml) {
    fail(file, modeErrors.yamlMissing(file));
    return null;
  }
  let text: string;
  try {
    const info = await stat(path);
    if (!info.isFile()) {
      fail(file, modeErrors.notAFile(file));
      return null;
    }
    if (info.size > MAX_FILE_BYTES) {
      fail(file, modeErrors.tooBig(file, info.size, MAX_FILE_BYTES));
      return null;
    }
    text = await readFile(path, 'utf8');
  } catch (err) {
    fail(file, modeErrors.unreadable(file, (err as Error).message));
    return null;
  }
  let raw: unknown;
  try {
    raw = yaml ? options.parseYaml!(text) : JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (err) {
    fail(file, modeErrors.notParsed(file, yaml ? 'YAML' : 'JSON', (err as Error).message));
    return null;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    fail(file, modeErrors.notAnObject(file));
    return null;
  }
  const parsed = modeFileSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = modeIssueFields(parsed.error);
    fail(file, modeErrors.invalidFields(file, fields.length, formatModeIssues(parsed.error).join('; '), fields.join(', ')));
    return null;
  }
  return parsed.data;
}

export function findMode(modes: readonly Mode[], id: string): Mode {
  const mode = modes.find((m) => m.id === id);
  if (!mode) throw new AkiraError('not_found', sessionErrors.noSuchMode(id, modes.map((m) => m.id).join(', '), ''));
  return mode;
}
