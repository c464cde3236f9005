import { join } from 'node:path';
import { AkiraError } from '../errors';
import { readSettingsOrThrow } from '../settingsFile';
import { resolveInside } from '../workspace/pathGuard';
import { sessionErrors } from '../../../shared/errors';

/**
 * The setting `agent.sessions.retentionDays`: session folders (`.akira/sessions/<id>/`) of finished sessions whose
 * last activity is older than this many days are removed by `agent.pruneSessions` / `akira sessions prune`.
 *
 *   {"agent": {"sessions": {"retentionDays": 30}}}     // a whole number from 1 to 3650; default 90
 *
 * The same rule as checkpoints.retentionDays (checkpoints/retentionSetting.ts): read afresh from the global settings
 * and the workspace's `.akira/settings.json` at each prune, and a workspace can only lengthen it (a cloned project that
 * shortened it would delete your sessions of it). An invalid value is a bad_request naming the file and the field.
 */

export const SESSION_RETENTION_DAYS = { min: 1, max: 3650, default: 90 } as const;

export interface SessionRetention {
  days: number;
  source: 'default' | 'global' | 'workspace';
}

const WORKSPACE_FILE = '.akira/settings.json';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
type Where = ['global' | 'workspace', string];

/** The file's `agent.sessions.retentionDays`, checked; undefined when the file does not set it. */
export function sessionRetentionIn(raw: Record<string, unknown>, where: Where): number | undefined {
  const agent = raw.agent;
  if (!isObject(agent) || agent.sessions === undefined) return undefined;
  if (!isObject(agent.sessions)) throw new AkiraError('bad_request', sessionErrors.retentionNotObject(...where));
  const value = agent.sessions.retentionDays;
  if (value === undefined) return undefined;
  const { min, max } = SESSION_RETENTION_DAYS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new AkiraError('bad_request', sessionErrors.retentionOutOfRange(...where, min, max, JSON.stringify(value)));
  }
  return value;
}

/** The global value (or the default), lengthened by the workspace's when it is longer. */
export function combineSessionRetention(globalDays: number | undefined, workspaceDays: number | undefined): SessionRetention {
  const base: SessionRetention = globalDays === undefined ? { days: SESSION_RETENTION_DAYS.default, source: 'default' } : { days: globalDays, source: 'global' };
  return workspaceDays !== undefined && workspaceDays >= base.days ? { days: workspaceDays, source: 'workspace' } : base;
}

/** The session retention that applies to the workspace at `root` now. */
export async function readSessionRetention(root: string, dataDir: string): Promise<SessionRetention> {
  const globalFile = join(dataDir, 'settings.json');
  const wsFile = await resolveInside(root, WORKSPACE_FILE);
  const [g, w] = await Promise.all([readSettingsOrThrow(globalFile, 'global', globalFile), readSettingsOrThrow(wsFile, 'workspace', WORKSPACE_FILE)]);
  return combineSessionRetention(sessionRetentionIn(g, ['global', globalFile]), sessionRetentionIn(w, ['workspace', WORKSPACE_FILE]));
}
