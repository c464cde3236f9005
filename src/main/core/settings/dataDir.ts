import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The app's data folder, shared by the desktop app, `akira serve` and the CLI so they see the same
 * settings and checkpoint stores. AKIRA_DATA_DIR overrides it (tests use a temp dir).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.AKIRA_DATA_DIR) return env.AKIRA_DATA_DIR;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Akira');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Akira');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'akira');
}
