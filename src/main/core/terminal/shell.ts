import { accessSync, constants } from 'node:fs';
import { basename } from 'node:path';

/** The program a terminal runs: the user's shell and its arguments. */
export interface ShellSpec {
  file: string;
  args: string[];
  /** What the tab shows, e.g. `bash`. */
  title: string;
}

function isExecutable(path: string | undefined): path is string {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The user's shell: $SHELL, else bash, else sh; on Windows PowerShell (or %COMSPEC%). */
export function defaultShell(env: NodeJS.ProcessEnv = process.env, platform = process.platform): ShellSpec {
  if (platform === 'win32') {
    const root = env.SystemRoot ?? 'C:\\Windows';
    const powershell = `${root}\\System32\\WindowsPowerShell\\v1.0\\powershell.exe`;
    const file = isExecutable(powershell) ? powershell : (env.COMSPEC ?? 'cmd.exe');
    return { file, args: file === powershell ? ['-NoLogo'] : [], title: basename(file).replace(/\.exe$/i, '') };
  }
  const file = [env.SHELL, '/bin/bash', '/usr/bin/bash', '/bin/sh'].find(isExecutable) ?? '/bin/sh';
  // Terminal apps on macOS start login shells; elsewhere an interactive shell is the convention.
  const args = platform === 'darwin' ? ['-l'] : [];
  return { file, args, title: basename(file) };
}

/**
 * A new shell's tab title: the shell's name, numbered after the open shells of that name (`bash`, `bash 2`, `bash 3`;
 * the lowest free number, as VS Code does), so that tabs can be told apart.
 */
export function numberedTitle(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

/** Variables that describe the terminal Akira is itself running in (tmux, screen, its size): not the new one's. */
const inherited = ['TMUX', 'TMUX_PANE', 'STY', 'WINDOW', 'WINDOWID', 'TERMCAP', 'COLUMNS', 'LINES', 'ELECTRON_RUN_AS_NODE'];

/** The environment of a terminal: the user's, with the capabilities of xterm.js announced. */
export function terminalEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && !inherited.includes(key)) out[key] = value;
  }
  out.TERM = 'xterm-256color';
  out.COLORTERM = 'truecolor';
  out.TERM_PROGRAM = 'akira';
  return out;
}
