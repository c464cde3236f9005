import { join } from 'node:path';
import { rulesKind, type RulesKind } from '../../../shared/context/contextShapes';
import { readSettingsObject } from '../settingsFile';
import { resolveInside } from '../workspace/pathGuard';

/**
 * Which kinds of rules files a workspace leaves out (issue 24), from the `context` section of the settings files:
 *
 *   .akira/settings.json   {"context": {"rules": {"disabled": ["cursor", "kiro"]}}}
 *
 * Kinds: RULES_KINDS (akira, agents, claude, gemini, cline, cursor, windsurf, roo, copilot, kiro). The global
 * settings file may say it too (every workspace); the two lists add up. A broken file or an unknown kind switches
 * nothing off here: the settings view says what is wrong (settings/settingsLayers.ts checkLayer).
 */

/** `context.rules` of one settings file: the kinds it switches off (only the known ones). */
export function disabledIn(raw: Record<string, unknown>): RulesKind[] {
  const context = raw.context;
  if (typeof context !== 'object' || context === null || Array.isArray(context)) return [];
  const rules = (context as Record<string, unknown>).rules;
  if (typeof rules !== 'object' || rules === null) return [];
  const list = (rules as Record<string, unknown>).disabled;
  return Array.isArray(list) ? list.filter((k): k is RulesKind => rulesKind.safeParse(k).success) : [];
}

export async function disabledRulesKinds(root: string, dataDir: string): Promise<Set<RulesKind>> {
  const global = await readSettingsObject(join(dataDir, 'settings.json'));
  const wsPath = await resolveInside(root, '.akira/settings.json').catch(() => null);
  const workspace = wsPath ? await readSettingsObject(wsPath) : { raw: {} };
  return new Set([...disabledIn(global.raw), ...disabledIn(workspace.raw)]);
}
