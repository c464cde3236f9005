import type { AgentSessionSummary, CommandInput, CommandName, CommandResult, ContractError } from '../../shared/contract';
import { createCore } from '../core/createCore';
import { toContractError } from '../core/errors';
import { defaultDataDir } from '../core/settings/dataDir';
import { parseCommandArgs, UsageError, type CommandSpec, type ParsedCommand } from './args';
import { shellWord } from './checkpointsFormat';
import { CommandFailed } from './checkpointsSession';
import { resolveFolder } from './folderArg';
import { helpStrings } from './helpStrings';
import { cliText, type CliIo } from './io';
import { reportStoreWaits } from './serveCommand';
import { firstLine, formatMerged, formatNotMerged, formatSessionList, formatSessionShow, shortId } from './sessionsFormat';
import { cliErrorText } from './cliErrors';

/**
 * `akira sessions list|show|merge|discard [ID] [--workspace DIR] [--json] [--yes]` (pinned in ../shared/DESIGN.md
 * "Faces, pinned"): the workspace's agent sessions through agent.list / agent.get, and a worktree session's branch
 * merged back (agent.merge, all or nothing) or removed (agent.discard). merge and discard ask on a terminal and
 * need --yes without one. Ids: the full id or a unique prefix of at least 8 characters.
 * Exit: 0 done; 1 failed (a conflict, the user's changes in the way, cancelled); 2 bad usage (an unknown or
 * ambiguous id, no terminal to ask on, a session without a worktree).
 */

type Subcommand = 'list' | 'show' | 'merge' | 'discard';
const common = { workspace: 'string', json: 'boolean' } as const;
const oneId = { max: 1, name: 'session id' };
const specs: Record<Subcommand, CommandSpec> = {
  list: { flags: { ...common }, positionals: { max: 0, name: 'arguments' } },
  show: { flags: { ...common }, positionals: oneId },
  merge: { flags: { ...common, yes: 'boolean' }, short: { y: 'yes' }, positionals: oneId },
  discard: { flags: { ...common, yes: 'boolean' }, short: { y: 'yes' }, positionals: oneId },
};
const SUBCOMMANDS = 'list, show, merge or discard';

/** The shortest prefix accepted for an id (the branch's akira/<8>). */
export const MIN_PREFIX = 8;

/** An id that names no session, or several: exit 2 with the candidates. */
class SessionIdError extends UsageError {
  constructor(
    message: string,
    readonly candidates: { sessionId: string; task: string }[],
  ) {
    super(message);
  }
}

interface Ctx {
  io: CliIo;
  json: boolean;
  parsed: ParsedCommand;
  root: string;
  /** ` --workspace <root>` when the command was given one, for the commands it suggests. */
  workspaceArg: string;
  call<N extends CommandName>(name: N, params: CommandInput<N>): Promise<CommandResult<N>>;
}

const candidate = (s: AgentSessionSummary) => ({ sessionId: s.sessionId, task: firstLine(s.task, 60) });
const candidateLines = (list: { sessionId: string; task: string }[]) => list.map((c) => `  ${c.sessionId}  ${c.task}`).join('\n');

/** The session a full id or a unique prefix (at least 8 characters) names, or a usage error with the candidates. */
export function matchSession(sessions: AgentSessionSummary[], wanted: string): AgentSessionSummary {
  const id = wanted.trim().toLowerCase();
  if (!/^[0-9a-f-]+$/.test(id)) throw new UsageError(`"${wanted}" is not a session id: use the full id or a unique prefix of at least ${MIN_PREFIX} characters`);
  const exact = sessions.find((s) => s.sessionId.toLowerCase() === id);
  if (exact) return exact;
  if (id.length < MIN_PREFIX) throw new UsageError(`"${wanted}" is too short: give the full session id or a prefix of at least ${MIN_PREFIX} characters`);
  const matches = sessions.filter((s) => s.sessionId.toLowerCase().startsWith(id));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    const list = matches.map(candidate);
    throw new SessionIdError(`"${wanted}" matches ${matches.length} sessions; give more characters:\n${candidateLines(list)}`, list);
  }
  const recent = sessions.slice(0, 10).map(candidate);
  throw new SessionIdError(
    recent.length
      ? `No session "${wanted}" in this workspace. The newest sessions:\n${candidateLines(recent)}${sessions.length > recent.length ? `\n  … and ${sessions.length - recent.length} more (akira sessions list)` : ''}`
      : `No session "${wanted}": this workspace has no sessions yet`,
    recent,
  );
}

async function sessionArgument(c: Ctx, command: Subcommand): Promise<AgentSessionSummary> {
  const wanted = c.parsed.positionals[0];
  if (wanted === undefined) throw new UsageError(`sessions ${command} needs a session id (the full id or a unique prefix of at least ${MIN_PREFIX} characters)`);
  const { sessions } = await c.call('agent.list', {});
  return matchSession(sessions, wanted);
}

/** The worktree of a session that must have one (merge, discard), or a usage error. */
function worktreeOf(s: AgentSessionSummary, command: 'merge' | 'discard') {
  if (!s.worktree) throw new UsageError(`Session ${shortId(s.sessionId)} works in the workspace's own tree: there is no worktree to ${command} (only sessions started with --worktree have one)`);
  return s.worktree;
}

/** On a terminal: asks and answers whether the person said yes; without one, --yes is required (a usage error). */
async function confirm(c: Ctx, command: 'merge' | 'discard', question: string): Promise<boolean> {
  if (c.parsed.flags.yes === true) return true;
  if (!c.io.tty.stdin) throw new UsageError(`${command} needs confirmation: pass --yes to ${command} without a terminal to ask on`);
  const answer = await c.io.ask(`${question} [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}

function hints(c: Ctx, sessionId: string) {
  const id = shortId(sessionId);
  return { merge: `akira sessions merge ${id}${c.workspaceArg}`, discard: `akira sessions discard ${id}${c.workspaceArg}` };
}

async function listAction(c: Ctx): Promise<number> {
  const result = await c.call('agent.list', {});
  c.io.out(c.json ? `${JSON.stringify(result)}\n` : formatSessionList(result.sessions, c.root));
  return 0;
}

async function showAction(c: Ctx): Promise<number> {
  const s = await sessionArgument(c, 'show');
  const detail = await c.call('agent.get', { sessionId: s.sessionId });
  const diff = detail.worktree?.state === 'active' ? await c.call('agent.worktreeDiff', { sessionId: s.sessionId }) : null;
  c.io.out(c.json ? `${JSON.stringify(diff ? { ...detail, diff } : detail)}\n` : formatSessionShow(detail, diff, hints(c, s.sessionId)));
  return 0;
}

async function mergeAction(c: Ctx): Promise<number> {
  const s = await sessionArgument(c, 'merge');
  const tree = worktreeOf(s, 'merge');
  if (tree.state === 'discarded') throw new UsageError(`Session ${shortId(s.sessionId)}'s worktree was discarded: there is nothing to merge`);
  const status = await c.call('git.status', {}).catch(() => null);
  const into = status?.branch ?? tree.baseBranch;
  if (!(await confirm(c, 'merge', `Merge ${tree.branch} into ${into ?? 'the current branch'}?`))) {
    c.io.err('Merge cancelled; nothing was changed.\n');
    return 1;
  }
  const result = await c.call('agent.merge', { sessionId: s.sessionId });
  if (c.json) c.io.out(`${JSON.stringify(result)}\n`);
  if (result.merged) {
    if (!c.json) c.io.out(formatMerged(result, tree.branch, into));
    return 0;
  }
  c.io.err(formatNotMerged(result, tree.branch));
  return 1;
}

async function discardAction(c: Ctx): Promise<number> {
  const s = await sessionArgument(c, 'discard');
  const tree = worktreeOf(s, 'discard');
  const id = shortId(s.sessionId);
  if (tree.state === 'discarded') {
    if (c.json) c.io.out(`${JSON.stringify({ ok: true, sessionId: s.sessionId, branch: tree.branch, path: tree.path, alreadyDiscarded: true })}\n`);
    else c.io.out(`Session ${id}'s worktree and branch ${tree.branch} were already discarded; nothing to do.\n`);
    return 0;
  }
  const lost = tree.state === 'merged' ? 'Its work stays in the merge.' : 'Its work is lost.';
  if (!(await confirm(c, 'discard', `Discard the worktree and branch ${tree.branch}? ${lost}`))) {
    c.io.err('Discard cancelled; nothing was changed.\n');
    return 1;
  }
  await c.call('agent.discard', { sessionId: s.sessionId });
  if (c.json) c.io.out(`${JSON.stringify({ ok: true, sessionId: s.sessionId, branch: tree.branch, path: tree.path })}\n`);
  else c.io.out(`Removed the worktree ${tree.path} and the branch ${tree.branch} of session ${id}. Its logs stay in .akira/sessions/${s.sessionId}/.\n`);
  return 0;
}

const actions: Record<Subcommand, (c: Ctx) => Promise<number>> = { list: listAction, show: showAction, merge: mergeAction, discard: discardAction };

const isSubcommand = (name: string): name is Subcommand => Object.hasOwn(specs, name);

async function runSubcommand(name: Subcommand, parsed: ParsedCommand, io: CliIo, json: boolean): Promise<number> {
  const workspaceFlag = parsed.flags.workspace as string | undefined;
  const root = await resolveFolder(workspaceFlag ?? null, io.cwd);
  const core = await createCore({ workspaceRoot: root, dataDir: defaultDataDir(io.env), face: 'cli', version: io.version, watch: false });
  const stopWaits = reportStoreWaits(core, io);
  const ctx: Ctx = {
    io,
    json,
    parsed,
    root,
    workspaceArg: workspaceFlag !== undefined ? ` --workspace ${shellWord(root)}` : '',
    async call(command, params) {
      const answer = await core.router.handle(command, params, { face: 'cli' });
      if ('error' in answer) throw new CommandFailed(answer.error);
      return answer.result as CommandResult<typeof command>;
    },
  };
  try {
    return await actions[name](ctx);
  } finally {
    stopWaits();
    await core.dispose();
  }
}

/** `akira sessions <subcommand> …`: returns the exit code (0 ok, 1 failed, 2 bad usage). */
export async function sessionsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  try {
    const [name, ...rest] = argv;
    if (name === '--help' || name === '-h' || name === 'help') {
      io.out(cliText(io, helpStrings).sessions);
      return 0;
    }
    if (name === undefined || name.startsWith('-')) throw new UsageError(`sessions needs a command: ${SUBCOMMANDS}`);
    if (!isSubcommand(name)) throw new UsageError(`Unknown sessions command: ${name} (use ${SUBCOMMANDS})`);
    const parsed = parseCommandArgs(`sessions ${name}`, specs[name], rest);
    if (parsed.help) {
      io.out(cliText(io, helpStrings).sessions);
      return 0;
    }
    return await runSubcommand(name, parsed, io, json);
  } catch (err) {
    const usage = err instanceof UsageError;
    const error: ContractError = usage ? { code: 'bad_request', message: err.message } : err instanceof CommandFailed ? err.error : toContractError(err);
    if (json) io.out(`${JSON.stringify({ error: err instanceof SessionIdError ? { ...error, candidates: err.candidates } : error })}\n`);
    // Candidates stay one per line; other messages are one line.
    const message = err instanceof SessionIdError ? error.message : cliErrorText(io, error).replace(/\s*\n\s*/g, ' ');
    const hint = usage && !(err instanceof SessionIdError) ? ' (see `akira sessions --help`)' : '';
    io.err(`akira: ${message}${hint}\n`);
    return usage || error.code === 'bad_request' ? 2 : 1;
  }
}
