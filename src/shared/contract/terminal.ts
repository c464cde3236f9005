import { z } from 'zod';
import { defineCommand, defineEvent, noInput, ok } from './define';

export const terminalId = z.string().min(1).max(64);
const cols = z.number().int().min(2).max(1000);
const rows = z.number().int().min(1).max(500);

/** `shell`: an interactive shell a person opened; `command`: one command the agent runs (its tab's title is the command). */
export const terminalKind = z.enum(['shell', 'command']);
export type TerminalKind = z.infer<typeof terminalKind>;

export const terminalInfo = z.object({
  terminalId,
  title: z.string(),
  pid: z.number().int(),
  exited: z.boolean(),
  exitCode: z.number().int().nullable(),
  kind: terminalKind,
});
export type TerminalInfo = z.infer<typeof terminalInfo>;

export const terminalCommands = {
  'terminal.create': defineCommand(
    z.object({ cols: cols.optional(), rows: rows.optional() }).default({}),
    z.object({ terminalId, title: z.string(), pid: z.number().int() }),
    'Start an interactive shell in the workspace.',
  ),
  'terminal.write': defineCommand(
    z.object({ terminalId, data: z.string().max(1_000_000) }),
    ok,
    'Send input (keystrokes, pasted text) to a terminal.',
  ),
  'terminal.resize': defineCommand(z.object({ terminalId, cols, rows }), ok, 'Resize a terminal.'),
  'terminal.ack': defineCommand(
    z.object({ terminalId, bytes: z.number().int().nonnegative() }),
    ok,
    'Flow control: the client has rendered this many characters of terminal.onData.',
  ),
  'terminal.kill': defineCommand(z.object({ terminalId }), ok, 'Kill a terminal and its process group.'),
  'terminal.list': defineCommand(noInput, z.object({ terminals: z.array(terminalInfo) }), 'Open terminals.'),
  'terminal.replay': defineCommand(
    z.object({ terminalId }),
    z.object({ data: z.string() }),
    'The recent output of a terminal (for a client that attaches late).',
  ),
};

export const terminalEvents = {
  'terminal.onCreated': defineEvent(
    terminalInfo,
    'A terminal was started (by a client, or by the agent to run a command): show it as a tab.',
  ),
  'terminal.onData': defineEvent(z.object({ terminalId, data: z.string() }), 'Terminal output (coalesced).'),
  'terminal.onExit': defineEvent(
    z.object({ terminalId, exitCode: z.number().int(), signal: z.number().int().nullable() }),
    'A terminal process exited.',
  ),
};
