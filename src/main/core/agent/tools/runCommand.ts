import { z } from 'zod';
import type { RunResult } from '../../terminal/commandRunner';
import type { SandboxBlock } from '../../terminal/sandboxDenials';
import { ToolError } from './toolError';
import { defineTool } from './toolTypes';
import { resolveToolPath } from './workspaceFiles';

export const COMMAND_DEFAULT_TIMEOUT = 120;
export const COMMAND_MAX_TIMEOUT = 3600;

const params = z.object({
  command: z.string().min(1).describe('The shell command line (bash syntax), e.g. "npm test -- --run" or "ls -la src && git status".'),
  cwd: z.string().optional().describe('Folder to run in, relative to the workspace root. Default: the workspace root.'),
  timeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(COMMAND_MAX_TIMEOUT)
    .optional()
    .describe(`Kill the command after this many seconds (default ${COMMAND_DEFAULT_TIMEOUT}).`),
});

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** What the model reads: the command, where, its output and how it ended. */
export function describeRun(command: string, r: RunResult, timeoutSeconds: number): string {
  const where = r.cwd ? ` (in ${r.cwd})` : '';
  let end: string;
  if (r.killedBy === 'timeout') end = `[Timed out after ${timeoutSeconds} s and was killed (exit code ${r.exitCode}). For long tasks raise timeoutSeconds or run something shorter.]`;
  else if (r.killedBy === 'abort') end = `[Cancelled and killed after ${seconds(r.durationMs)}.]`;
  else if (r.killedBy === 'user') end = `[The user closed the terminal after ${seconds(r.durationMs)}; the command was killed (exit code ${r.exitCode}).]`;
  else end = `[Exit code ${r.exitCode} after ${seconds(r.durationMs)}.]`;
  const output = r.output ? r.output : '(no output)';
  const blocked = r.blocked?.length ? `\n${blockedText(r.blocked)}` : '';
  return `$ ${command}${where}\n${output}\n${end}${blocked}`;
}

const WHY: Record<string, string> = {
  not_allowed: 'not on the allowed domains',
  local_address: "a server on this machine's own network",
  unresolved: 'the name does not resolve',
};

/** What the OS sandbox refused while the command ran, and what to do next (issue 26). */
export function blockedText(blocked: readonly SandboxBlock[]): string {
  const lines = blocked.map((b) => {
    if (b.kind === 'network') return `blocked by the sandbox: a connection to ${b.host}:${b.port} (${WHY[b.reason] ?? b.reason})`;
    return `blocked by the sandbox: ${b.kind === 'write' ? 'writing' : 'reading'} ${b.path}`;
  });
  lines.push(
    '[The command ran in an OS sandbox: it may write only in the workspace and $TMPDIR, may not read credentials, and reaches only allowed domains. Work inside the workspace; if this is needed, say so: the user can allow it or run the command outside the sandbox.]',
  );
  return lines.join('\n');
}

export const runCommandTool = defineTool({
  name: 'run_command',
  category: 'command',
  description: [
    'Run a shell command in the workspace (a real terminal the user sees), and get its exit code and output.',
    'Each call starts a fresh non-interactive bash: `cd` and variables do not carry over to the next call (use cwd, or `cd dir && …`).',
    'Do not start commands that wait for input or run forever (servers, watchers, editors); pass flags such as --yes or --run instead.',
    'Long output is cut in the middle. Colours are removed.',
  ].join(' '),
  params,
  async execute({ command, cwd, timeoutSeconds = COMMAND_DEFAULT_TIMEOUT }, ctx) {
    if (!ctx.runCommand) {
      throw new ToolError('unavailable', 'Commands cannot be run in this session.', 'Continue with the file tools.');
    }
    // Checked here too, so a bad cwd is a clear tool error before anything starts.
    if (cwd !== undefined && cwd.trim()) {
      const dir = await resolveToolPath(ctx, cwd, { mustExist: true, param: 'cwd' });
      cwd = dir.rel || '.';
    }
    const result = await ctx.runCommand({ command, cwd, timeoutSeconds, signal: ctx.signal });
    return {
      text: describeRun(command, result, timeoutSeconds),
      command: result,
      data: { exitCode: result.exitCode, terminalId: result.terminalId, timedOut: result.timedOut, killed: result.killed },
    };
  },
});
