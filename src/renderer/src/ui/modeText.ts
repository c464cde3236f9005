import type { AgentModeInfo } from '../../../shared/contract';
import { modeStrings, type ModeWordKey } from '../../../shared/agent/modeStrings';
import { textOf } from '../i18n';

function known(id: string): id is ModeWordKey {
  return Object.hasOwn(modeStrings.en, id) && !id.includes('.');
}

/** A mode's name and description to show: a built-in one's in the UI's language, any other as the core gave them. */
export function modeText(mode: Pick<AgentModeInfo, 'id' | 'name' | 'description' | 'builtIn'>): { name: string; description: string } {
  if (!mode.builtIn || !known(mode.id)) return { name: mode.name, description: mode.description };
  const t = textOf(modeStrings);
  return { name: t[mode.id], description: t[`${mode.id}.about` as ModeWordKey] };
}
