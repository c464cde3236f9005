import { join } from 'node:path';
import { AkiraError } from '../errors';
import { readSettingsOrThrow } from '../settingsFile';
import { resolveInside } from '../workspace/pathGuard';
import { checkpointErrors, plainWords, type ErrorWords } from '../../../shared/errors';

/**
 * The setting `checkpoints.retentionDays`: checkpoints older than this many days are pruned (automatically
 * now and then, and by `checkpoints.prune` / `akira checkpoints prune`).
 *
 *   {"checkpoints": {"retentionDays": 30}}     // a whole number from 1 to 3650; default 90
 *
 * Read from the global settings (`<dataDir>/settings.json`) and the workspace's `.akira/settings.json`,
 * afresh at each prune (a change applies without a restart). A workspace can only lengthen retention:
 * its value counts when it is longer than the global one (or the default), since a project you open
 * (a cloned repository) that shortened it would delete your history of it. A shorter workspace value is
 * left out, and `ignored` says so. An invalid value (not a whole number, out of range, a section that is
 * not an object, a file that is not JSON) is a bad_request naming the file and the field.
 *
 * (The files are read with core/settingsFile.ts, not the settings domain: importing it would make a cycle,
 * settings → agent → checkpoints.)
 */

export const RETENTION_DAYS = { min: 1, max: 3650, default: 90 } as const;

export type RetentionSource = 'default' | 'global' | 'workspace';

export interface RetentionSetting {
  days: number;
  /** Where `days` comes from. */
  source: RetentionSource;
  /** Set when the workspace's value is shorter and therefore not applied: why, in a sentence. */
  ignored?: string;
  /** `ignored` in words of the checkpoint catalog (issue 14). */
  ignoredWords?: ErrorWords;
}

const WORKSPACE_FILE = '.akira/settings.json';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which settings file: the global one, or the workspace's (`file` is its path as shown). */
type Where = ['global' | 'workspace', string];

/** The file's `checkpoints.retentionDays`, checked; undefined when the file does not set it. */
export function retentionDaysIn(raw: unknown, where: Where): number | undefined {
  if (!isObject(raw)) throw new AkiraError('bad_request', checkpointErrors.settingsNotObject(...where));
  const section = raw.checkpoints;
  if (section === undefined) return undefined;
  if (!isObject(section)) throw new AkiraError('bad_request', checkpointErrors.sectionNotObject(...where));
  const value = section.retentionDays;
  if (value === undefined) return undefined;
  const { min, max } = RETENTION_DAYS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new AkiraError('bad_request', checkpointErrors.retentionOutOfRange(...where, min, max, JSON.stringify(value)));
  }
  return value;
}

/** Combines the two files' values (see the rule above). */
export function combineRetention(globalDays: number | undefined, workspaceDays: number | undefined): RetentionSetting {
  const base: RetentionSetting = globalDays === undefined ? { days: RETENTION_DAYS.default, source: 'default' } : { days: globalDays, source: 'global' };
  if (workspaceDays === undefined) return base;
  if (workspaceDays >= base.days) return { days: workspaceDays, source: 'workspace' };
  const words = checkpointErrors.retentionNotShortened(workspaceDays, base.source, base.days);
  return { ...base, ignored: words.en, ignoredWords: plainWords(words) };
}

/** The retention that applies to the workspace at `root` now. */
export async function readRetentionSetting(root: string, dataDir: string): Promise<RetentionSetting> {
  const globalFile = join(dataDir, 'settings.json');
  const globalWhere: Where = ['global', globalFile];
  // The workspace file is read only inside the workspace (a link leading out is refused).
  const wsFile = await resolveInside(root, WORKSPACE_FILE);
  const [g, w] = await Promise.all([readSettingsOrThrow(globalFile, ...globalWhere), readSettingsOrThrow(wsFile, 'workspace', WORKSPACE_FILE)]);
  return combineRetention(retentionDaysIn(g, globalWhere), retentionDaysIn(w, ['workspace', WORKSPACE_FILE]));
}
