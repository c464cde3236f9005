import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/atomicWrite';
import { AkiraError } from '../errors';
import { mcpErrors } from '../../../shared/errors';
import { parseServers } from './mcpConfig';

/**
 * The global settings' `mcpServers` as Settings → MCP servers edits them (issues 12, 24), written where the person
 * configured them (`<dataDir>/settings.json`; the rest of the file as it was, the servers in their order):
 *
 *   await saveServerDisabled(dataDir, 'git', true)          `disabled: true` (removed when enabling)
 *   await globalServers(dataDir)                            {file, servers}: env and header values hidden
 *   await saveGlobalServer(dataDir, 'files', config, 'old') adds, replaces or renames one (checked like a reload)
 *   await removeGlobalServer(dataDir, 'files')
 *   await saveGlobalServers(dataDir, servers)               the whole mcpServers at once ("open the settings file")
 *
 * Values of `env` and `headers` (they may hold secrets) are answered as HIDDEN; saved back as HIDDEN, a value keeps
 * what the file holds for that server and key.
 */

export const HIDDEN = '<hidden>';
type Servers = Record<string, Record<string, unknown>>;

async function readSettings(dataDir: string): Promise<{ path: string; raw: Record<string, unknown> }> {
  const path = join(dataDir, 'settings.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { path, raw: {} };
    throw new AkiraError('conflict', mcpErrors.settingsNotJson(path, (err as Error).message));
  }
  try {
    const raw = JSON.parse(text || '{}') as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('not an object');
    return { path, raw: raw as Record<string, unknown> };
  } catch (err) {
    throw new AkiraError('conflict', mcpErrors.settingsNotJson(path, (err as Error).message));
  }
}

const serversOf = (raw: Record<string, unknown>): Servers =>
  raw.mcpServers && typeof raw.mcpServers === 'object' && !Array.isArray(raw.mcpServers) ? (raw.mcpServers as Servers) : {};

const write = (path: string, raw: Record<string, unknown>) => writeFileAtomic(path, `${JSON.stringify(raw, null, 2)}\n`, 0o600);

export async function saveServerDisabled(dataDir: string, name: string, disabled: boolean): Promise<void> {
  const { path, raw } = await readSettings(dataDir);
  const server = serversOf(raw)[name];
  if (!server || typeof server !== 'object') throw new AkiraError('not_found', mcpErrors.notInGlobal(name));
  if (disabled) server.disabled = true;
  else delete server.disabled;
  await write(path, raw);
}

const SECRET_MAPS = ['env', 'headers'] as const;

/** A configuration with the values of its env and headers hidden. */
function hidden(config: Record<string, unknown>): Record<string, unknown> {
  const out = { ...config };
  for (const key of SECRET_MAPS) {
    const map = config[key];
    if (map && typeof map === 'object' && !Array.isArray(map)) out[key] = Object.fromEntries(Object.keys(map).map((k) => [k, HIDDEN]));
  }
  return out;
}

/** A configuration given back with HIDDEN values: those keep what `stored` holds for the same key. */
function revealed(config: Record<string, unknown>, stored: Record<string, unknown> | undefined): Record<string, unknown> {
  const out = { ...config };
  for (const key of SECRET_MAPS) {
    const map = config[key];
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    const before = (stored?.[key] ?? {}) as Record<string, unknown>;
    out[key] = Object.fromEntries(Object.entries(map as Record<string, unknown>).map(([k, v]) => [k, v === HIDDEN && typeof before[k] === 'string' ? before[k] : v]));
  }
  return out;
}

export async function globalServers(dataDir: string): Promise<{ file: string; servers: Record<string, Record<string, unknown>> }> {
  const { path, raw } = await readSettings(dataDir);
  return { file: path, servers: Object.fromEntries(Object.entries(serversOf(raw)).map(([name, config]) => [name, hidden(config ?? {})])) };
}

export async function saveGlobalServer(dataDir: string, name: string, config: Record<string, unknown>, previousName?: string): Promise<void> {
  const { path, raw } = await readSettings(dataDir);
  const servers = serversOf(raw);
  const was = previousName ?? name;
  if (previousName !== undefined && !(previousName in servers)) throw new AkiraError('not_found', mcpErrors.notInGlobal(previousName));
  if (name !== was && name in servers) throw new AkiraError('conflict', mcpErrors.serverExists(name));
  if (previousName === undefined && name in servers) throw new AkiraError('conflict', mcpErrors.serverExists(name));
  const full = revealed(config, servers[was]);
  const checked = parseServers({ [name]: full }, path);
  if (checked.errors.length) throw new AkiraError('bad_request', checked.errors[0]);
  // In place (a rename keeps the server where it was); a new one last.
  const entries = Object.entries(servers);
  const at = entries.findIndex(([n]) => n === was);
  if (at >= 0) entries[at] = [name, full];
  else entries.push([name, full]);
  raw.mcpServers = Object.fromEntries(entries);
  await write(path, raw);
}

export async function removeGlobalServer(dataDir: string, name: string): Promise<void> {
  const { path, raw } = await readSettings(dataDir);
  const servers = serversOf(raw);
  if (!(name in servers)) throw new AkiraError('not_found', mcpErrors.notInGlobal(name));
  delete servers[name];
  raw.mcpServers = servers;
  await write(path, raw);
}

export async function saveGlobalServers(dataDir: string, servers: Record<string, unknown>): Promise<void> {
  const { path, raw } = await readSettings(dataDir);
  const stored = serversOf(raw);
  const full = Object.fromEntries(
    Object.entries(servers).map(([name, config]) => [name, config && typeof config === 'object' && !Array.isArray(config) ? revealed(config as Record<string, unknown>, stored[name]) : config]),
  );
  const checked = parseServers(full, path);
  if (checked.errors.length) throw new AkiraError('bad_request', checked.errors[0]);
  raw.mcpServers = full;
  await write(path, raw);
}
