import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/atomicWrite';
import { AkiraError } from '../errors';
import { mcpErrors } from '../../../shared/errors';

/**
 * Switching a global MCP server on or off is saved where the person configured it: `mcpServers.<name>.disabled`
 * in the global settings file (the rest of the file as it was; `disabled` removed when enabling).
 */
export async function saveServerDisabled(dataDir: string, name: string, disabled: boolean): Promise<void> {
  const path = join(dataDir, 'settings.json');
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new AkiraError('conflict', mcpErrors.settingsNotJson(path, (err as Error).message));
  }
  const servers = raw.mcpServers as Record<string, Record<string, unknown>> | undefined;
  const server = servers?.[name];
  if (!server || typeof server !== 'object') throw new AkiraError('not_found', mcpErrors.notInGlobal(name));
  if (disabled) server.disabled = true;
  else delete server.disabled;
  await writeFileAtomic(path, `${JSON.stringify(raw, null, 2)}\n`, 0o600);
}
