import type { z } from 'zod';
import { agentCommands, agentEvents } from './contract/agent';
import { appCommands, appEvents } from './contract/app';
import { checkpointCommands, checkpointEvents } from './contract/checkpoints';
import { contextCommands, contextEvents } from './contract/context';
import { foldersCommands, foldersEvents } from './contract/folders';
import { mcpCommands, mcpEvents } from './contract/mcp';
import { searchCommands, searchEvents } from './contract/search';
import { gitCommands, gitEvents } from './contract/git';
import { settingsCommands, settingsEvents } from './contract/settings';
import { specsCommands, specsEvents } from './contract/specs';
import { terminalCommands, terminalEvents } from './contract/terminal';
import { uiCommands, uiEvents } from './contract/ui';
import { workspaceCommands, workspaceEvents } from './contract/workspace';
import type { ErrorWords } from './errors/errorWords';

export type { ErrorWords } from './errors/errorWords';

export * from './contract/define';
export * from './contract/agent';
export * from './contract/app';
export * from './contract/checkpoints';
export * from './contract/context';
export * from './contract/folders';
export * from './contract/mcp';
export * from './contract/search';
export * from './contract/git';
export * from './contract/settings';
export * from './contract/specs';
export * from './contract/terminal';
export * from './contract/ui';
export * from './contract/workspace';

/** Every command of Akira. Transports validate input against these before any service runs. */
export const commands = {
  ...appCommands,
  ...workspaceCommands,
  ...terminalCommands,
  ...gitCommands,
  ...checkpointCommands,
  ...agentCommands,
  ...settingsCommands,
  ...specsCommands,
  ...contextCommands,
  ...mcpCommands,
  ...searchCommands,
  ...foldersCommands,
  ...uiCommands,
};

/** Every event of Akira. */
export const events = {
  ...appEvents,
  ...workspaceEvents,
  ...terminalEvents,
  ...gitEvents,
  ...checkpointEvents,
  ...agentEvents,
  ...settingsEvents,
  ...specsEvents,
  ...contextEvents,
  ...mcpEvents,
  ...searchEvents,
  ...foldersEvents,
  ...uiEvents,
};

export type Commands = typeof commands;
export type Events = typeof events;
export type CommandName = keyof Commands;
export type EventName = keyof Events;
/** What a caller passes (defaults may be omitted). */
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>;
/** What a handler receives (defaults applied). */
export type CommandParams<N extends CommandName> = z.output<Commands[N]['input']>;
export type CommandResult<N extends CommandName> = z.output<Commands[N]['output']>;
export type EventData<N extends EventName> = z.output<Events[N]['data']>;

export const commandNames = Object.keys(commands) as CommandName[];
export const eventNames = Object.keys(events) as EventName[];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(commands, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** The error every face answers with: a stable code and a sentence for people. */

export interface ContractError {
  code: ErrorCode;
  message: string;
  /** Optional specifics, e.g. which fields of the input were invalid (bad_request). */
  details?: ErrorDetails;
  /**
   * The message in words of the shared error catalogs (`src/shared/errors`): its key and values. A face that shows
   * the error to a person says it in the person's language from these (`errorText`); `message` stays English.
   * Absent for errors not (yet) in a catalog.
   */
  words?: ErrorWords;
}
export interface ErrorDetails {
  /** Each invalid field: its dotted path in the input (e.g. `agent.policy.limits.maxRetriesPerTodo`) and why. */
  fields?: { path: string; message: string; words?: ErrorWords }[];
  /**
   * The workspace's settings name a model server that the user's API key does not belong to: no key is sent
   * until the user trusts that server (`settings.trustModelServer`). `keyOrigin` is the server the key is for.
   */
  untrustedModelServer?: { origin: string; keyOrigin: string; keySource: string; keyHint: string | null };
  /**
   * agent.start / specs.run: other sessions are running in the workspace's own tree; say `whenBusy` (queue, or
   * parallel to run anyway).
   */
  sharedTreeBusy?: { sessions: { sessionId: string; task: string }[] };
  /** specs.run: every selected task of the tasks.md is ticked already (`done` of them); nothing was started. */
  nothingToRun?: { tasksPath: string; done: number };
  /** workspace.write: the file is not what the editor loaded any more; the sha256 of its bytes now (null: it is gone). */
  currentHash?: string | null;
}
export type ErrorCode =
  | 'bad_request'
  | 'unknown_command'
  | 'not_found'
  | 'forbidden'
  | 'conflict'
  | 'unavailable'
  | 'internal';

/** Event envelope as every transport delivers it. */
export interface EventEnvelope<N extends EventName = EventName> {
  event: N;
  seq: number;
  data: EventData<N>;
}
