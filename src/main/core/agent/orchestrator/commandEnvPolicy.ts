import type { CommandEnvOptions } from '../../terminal/commandEnv';
import { readAgentSettings } from './agentSettings';

export interface CommandEnvPolicyInput {
  root: string;
  dataDir: string;
  /** Where Akira reads OPENAI_API_KEY (the agent's env; process.env is looked at too). */
  env: NodeJS.ProcessEnv;
  /** `--api-key` of `akira run`. */
  flagKey?: string;
  /** The key saved in Settings, as last read. */
  storedKey(): string | null | undefined;
}

/**
 * What the agent's commands may inherit (terminal/commandEnv.ts), read afresh before each command:
 *   - passEnv: `agent.policy.commands.passEnv` of the GLOBAL settings only. A workspace's (or a custom
 *     mode's) is never read: a project must not be able to pull the person's secrets into commands.
 *   - secrets: every API key Akira knows (OPENAI_API_KEY, --api-key, model.apiKey of the global settings,
 *     the key saved in Settings), so a copy of one under another name is left out too.
 * Unreadable or invalid settings pass nothing through (the keys known without them are still scrubbed).
 */
export async function commandEnvPolicy(input: CommandEnvPolicyInput): Promise<CommandEnvOptions> {
  const secrets = [input.env.OPENAI_API_KEY, process.env.OPENAI_API_KEY, input.flagKey, input.storedKey()];
  let passEnv: string[] = [];
  try {
    const settings = await readAgentSettings(input.root, input.dataDir);
    passEnv = settings.global.policy?.commands?.passEnv ?? [];
    secrets.push(settings.global.model?.apiKey);
  } catch {
    // fail closed: nothing passed through
  }
  return { passEnv, secrets };
}
