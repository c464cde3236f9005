import { z } from 'zod';
import { inputRule } from '../errors/inputRules';
import { defineCommand, defineEvent, noInput, ok } from './define';

export const terminalId = z.string().min(1).max(64);
const cols = z.number().int().min(2).max(1000);
const rows = z.number().int().min(1).max(500);

/** `shell`: an interactive shell a person opened; `command`: one command the agent runs (its tab's title is the command). */
export const terminalKind = z.enum(['shell', 'command']);
export type TerminalKind = z.infer<typeof terminalKind>;

/** Flow control of a terminal's output (terminal.onFlow). */
export const terminalFlowState = z.enum(['flowing', 'paused', 'unattended']);
export type TerminalFlowState = z.infer<typeof terminalFlowState>;

/** Who ran a `command` tab (issue 27 defect 18): the agent session (its short title) and the TODO's number on its board. */
export const terminalOwner = z.object({ sessionId: z.string(), session: z.string().max(200), todo: z.number().int().positive().nullable() });
export type TerminalOwner = z.infer<typeof terminalOwner>;

export const terminalInfo = z.object({
  terminalId,
  title: z.string(),
  pid: z.number().int(),
  exited: z.boolean(),
  exitCode: z.number().int().nullable(),
  kind: terminalKind,
  owner: terminalOwner.optional(),
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
    z
      .object({
        terminalId,
        /** Cumulative: the `end` of the last terminal.onData the client rendered. */
        upTo: z.number().int().nonnegative().optional(),
        /** Older form: characters rendered since this client's previous ack. */
        bytes: z.number().int().nonnegative().optional(),
      })
      .refine((a) => a.upTo !== undefined || a.bytes !== undefined, { error: inputRule('needsEither', 'upTo', 'bytes') }),
    ok,
    [
      'Flow control: the client has rendered terminal.onData up to `upTo` (the `end` of the last event it rendered;',
      'or `bytes` more characters since its previous ack). The pty pauses while more than 256K characters are',
      'unacknowledged and resumes as soon as an ack brings that to 256K or less, so acking after every batch of',
      'any size up to 256K keeps output flowing. A client that stops acking while the pty is paused makes the',
      'terminal report terminal.onFlow `paused` after 1 s and `unattended` after 3 s: its output then only goes',
      'to the replay buffer until a client acks again (what it missed follows, bounded) or calls terminal.replay.',
    ].join(' '),
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
  'terminal.onData': defineEvent(
    z.object({ terminalId, data: z.string(), end: z.number().int().nonnegative().optional() }),
    'Terminal output (coalesced). `end`: characters of this terminal\'s terminal.onData so far, this one included (ack it with terminal.ack {upTo: end}).',
  ),
  'terminal.onFlow': defineEvent(
    z.object({ terminalId, state: terminalFlowState }),
    'Flow control changed (see terminal.ack): `paused` when the pty has waited 1 s for an ack, `unattended` when no client read for 3 s (output goes to the replay buffer only), `flowing` when a client reads again.',
  ),
  'terminal.onClosed': defineEvent(
    z.object({ terminalId }),
    'A terminal was closed (terminal.kill from any window, or an old finished command tab retired by the core): drop its tab.',
  ),
  'terminal.onExit': defineEvent(
    z.object({ terminalId, exitCode: z.number().int(), signal: z.number().int().nullable() }),
    'A terminal process exited.',
  ),
};
