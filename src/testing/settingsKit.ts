import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandInput, CommandName, CommandResult, ContractError } from '../shared/contract';
import { tempDir, writeTree } from './tempTree';
import { createCore, type Core } from '../main/core/createCore';
import type { SecretStore } from '../main/core/settings/secretStore';

/**
 * Test support for settings.*: a real core (face 'test', outputs validated) on a temp workspace and data
 * folder, with its own env (no OPENAI_* from the machine running the tests).
 */
export interface SettingsKit {
  root: string;
  dataDir: string;
  core: Core;
  call<N extends CommandName>(name: N, params?: CommandInput<N>): Promise<CommandResult<N>>;
  fail<N extends CommandName>(name: N, params: CommandInput<N>): Promise<ContractError>;
  readGlobal(): Promise<Record<string, any>>;
  readWorkspace(): Promise<Record<string, any>>;
  /** Every file under the workspace, with its content. */
  workspaceFiles(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

export interface SettingsKitOptions {
  files?: Record<string, string>;
  globalSettings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
  secrets?: SecretStore;
  /** Open no folder. */
  noWorkspace?: boolean;
}

async function walk(dir: string, base = dir, out = new Map<string, string>()): Promise<Map<string, string>> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, base, out);
    else if (entry.isFile()) out.set(path.slice(base.length + 1), await readFile(path, 'utf8'));
  }
  return out;
}

export async function startSettingsKit(options: SettingsKitOptions = {}): Promise<SettingsKit> {
  const ws = await tempDir('akira-settings-ws-');
  const data = await tempDir('akira-settings-data-');
  await writeTree(ws.dir, options.files ?? {});
  await mkdir(data.dir, { recursive: true });
  if (options.globalSettings) await writeFile(join(data.dir, 'settings.json'), JSON.stringify(options.globalSettings, null, 2));
  const core = await createCore({
    workspaceRoot: options.noWorkspace ? null : ws.dir,
    dataDir: data.dir,
    face: 'test',
    version: '0.0.0-test',
    validateOutput: true,
    watch: false,
    agent: { env: options.env ?? {}, sleep: async () => undefined },
    secrets: options.secrets,
  });
  const readJson = async (path: string) => {
    try {
      return JSON.parse(await readFile(path, 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
  };
  return {
    root: ws.dir,
    dataDir: data.dir,
    core,
    async call(name, params) {
      const answer = await core.router.handle(name, params ?? {}, { face: 'test' });
      if ('error' in answer) throw new Error(`${name} failed: ${answer.error.code}: ${answer.error.message}`);
      return answer.result as never;
    },
    async fail(name, params) {
      const answer = await core.router.handle(name, params, { face: 'test' });
      if (!('error' in answer)) throw new Error(`${name} succeeded: ${JSON.stringify(answer.result)}`);
      return answer.error;
    },
    readGlobal: () => readJson(join(data.dir, 'settings.json')),
    readWorkspace: () => readJson(join(ws.dir, '.akira', 'settings.json')),
    workspaceFiles: () => walk(ws.dir),
    async close() {
      await core.dispose();
      await ws.cleanup();
      await data.cleanup();
    },
  };
}
