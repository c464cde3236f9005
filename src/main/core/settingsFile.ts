import { readFile } from 'node:fs/promises';
import { settingsErrors, type ErrorWords } from '../../shared/errors';
import { AkiraError } from './errors';

/**
 * Reading a settings file (global `<dataDir>/settings.json` or the workspace's `.akira/settings.json`): the agent,
 * the settings view, diagnostics and checkpoints each read the same files for their own sections, and say a broken
 * one the same way (`settings.fileBroken` words). Here, and not in settings/, because the agent and checkpoints
 * may not import the settings module (it imports them).
 */

/** Which settings file: `global` or `workspace`, and its path as shown. */
export type SettingsPlace = 'global' | 'workspace';

/** Why a settings file cannot be used: the problem and what the system or the JSON parser said. */
export interface SettingsFileProblem {
  problem: 'unreadable' | 'notJson' | 'notObject';
  said: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The file's JSON object; a missing or blank file is `{}`, an unreadable or broken one `{}` with its problem. */
export async function readSettingsObject(path: string): Promise<{ raw: Record<string, unknown>; problem: SettingsFileProblem | null }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { raw: {}, problem: null };
    return { raw: {}, problem: { problem: 'unreadable', said: (err as Error).message } };
  }
  if (!text.trim()) return { raw: {}, problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { raw: {}, problem: { problem: 'notJson', said: (err as Error).message } };
  }
  return isObject(parsed) ? { raw: parsed, problem: null } : { raw: {}, problem: { problem: 'notObject', said: '' } };
}

/** The file's JSON object (`{}` when missing or blank); a broken one is refused (bad_request) in words. */
export async function readSettingsOrThrow(path: string, place: SettingsPlace, file: string): Promise<Record<string, unknown>> {
  const { raw, problem } = await readSettingsObject(path);
  if (problem) throw new AkiraError('bad_request', settingsErrors.fileBroken(problem.problem, place, file, problem.said));
  return raw;
}

/**
 * A settings file's invalid fields, refused (bad_request) in words: the English message lists each field with its
 * problem (`list`, as the reader wrote them), the words name the fields, and `details.fields` says each in words.
 */
export function invalidSettings(place: SettingsPlace, file: string, list: readonly string[], fields: { path: string; message: string; words: ErrorWords }[]): AkiraError {
  const paths = fields.map((f) => f.path || '(file)').join(', ');
  return new AkiraError('bad_request', settingsErrors.invalidFields(place, file, list.length, list.join('; '), paths), { fields });
}
