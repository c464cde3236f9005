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
import { firstLine, formatMerged, formatNotMerged, formatPrune, formatSessionList, formatSessionShow, shortId } from './sessionsFormat';
import { sessionsStrings, type SessionsWords } from './sessionsStrings';
import { cliErrorText } from './cliErrors';

/**
 * `akira sessions list|show|merge|discard|prune [ID] [--workspace DIR] [--json] [--yes] [--dry-run]` (pinned in ../shared/DESIGN.md
 * "Faces, pinned"): the workspace's agent sessions through agent.list / agent.get, and a worktree session's branch
 * merged back (agent.merge, all or nothing) or removed (agent.discard). merge and discard ask on a terminal and
 * need --yes without one. Ids: the full id or a unique prefix of at least 8 characters.
 * Exit: 0 done; 1 failed (a conflict, the user's changes in the way, cancelled); 2 bad usage (an unknown or
 * ambiguous id, no terminal to ask on, a session without a worktree).
 */

type Subcommand = 'list' | 'show' | 'merge' | 'discard' | 'prune';
const common = { workspace: 'string', json: 'boolean' } as const;
const oneId = { max: 1, name: 'session id' };
const specs: Record<Subcommand, CommandSpec> = {
  list: { flags: { ...common }, positionals: { max: 0, name: 'arguments' } },
  show: { flags: { ...common }, positionals: oneId },
  merge: { flags: { ...common, yes: 'boolean' }, short: { y: 'yes' }, positionals: oneId },
  discard: { flags: { ...common, yes: 'boolean' }, short: { y: 'yes' }, positionals: oneId },
  prune: { flags: { ...common, 'dry-run': 'boolean' }, positionals: { max: 0, name: 'arguments' } },
};

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
  /** The words in the CLI's language. */
  t: SessionsWords;
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
export function matchSession(sessions: AgentSessionSummary[], wanted: string, t: SessionsWords = sessionsStrings.en): AgentSessionSummary {
  const id = wanted.trim().toLowerCase();
  if (!/^[0-9a-f-]+$/.test(id)) throw new UsageError(t.notASessionId(wanted, MIN_PREFIX));
  const exact = sessions.find((s) => s.sessionId.toLowerCase() === id);
  if (exact) return exact;
  if (id.length < MIN_PREFIX) throw new UsageError(t.tooShort(wanted, MIN_PREFIX));
  const matches = sessions.filter((s) => s.sessionId.toLowerCase().startsWith(id));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    const list = matches.map(candidate);
    throw new SessionIdError(`${t.ambiguous(wanted, matches.length)}\n${candidateLines(list)}`, list);
  }
  const recent = sessions.slice(0, 10).map(candidate);
  throw new SessionIdError(
    recent.length
      ? `${t.noSuchSession(wanted)}\n${candidateLines(recent)}${sessions.length > recent.length ? `\n  ${t.andMoreSessions(sessions.length - recent.length)}` : ''}`
      : t.noSessionsYet(wanted),
    recent,
  );
}

async function sessionArgument(c: Ctx, command: Subcommand): Promise<AgentSessionSummary> {
  const wanted = c.parsed.positionals[0];
  if (wanted === undefined) throw new UsageError(c.t.needsId(command, MIN_PREFIX));
  const { sessions } = await c.call('agent.list', {});
  return matchSession(sessions, wanted, c.t);
}

/** The worktree of a session that must have one (merge, discard), or a usage error. */
function worktreeOf(s: AgentSessionSummary, command: 'merge' | 'discard', t: SessionsWords) {
  if (!s.worktree) throw new UsageError((command === 'merge' ? t.noWorktreeMerge : t.noWorktreeDiscard)(shortId(s.sessionId)));
  return s.worktree;
}

/** On a terminal: asks and answers whether the person said yes; without one, --yes is required (a usage error). */
async function confirm(c: Ctx, command: 'merge' | 'discard', question: string): Promise<boolean> {
  if (c.parsed.flags.yes === true) return true;
  if (!c.io.tty.stdin) throw new UsageError(command === 'merge' ? c.t.mergeNeedsYes : c.t.discardNeedsYes);
  const answer = await c.io.ask(question);
  return /^y(es)?$/i.test(answer.trim());
}

function hints(c: Ctx, sessionId: string) {
  const id = shortId(sessionId);
  return { merge: `akira sessions merge ${id}${c.workspaceArg}`, discard: `akira sessions discard ${id}${c.workspaceArg}` };
}

async function listAction(c: Ctx): Promise<number> {
  const result = await c.call('agent.list', {});
  c.io.out(c.json ? `${JSON.stringify(result)}\n` : formatSessionList(result.sessions, c.root, c.t));
  return 0;
}

async function showAction(c: Ctx): Promise<number> {
  const s = await sessionArgument(c, 'show');
  const detail = await c.call('agent.get', { sessionId: s.sessionId });
  const diff = detail.worktree?.state === 'active' ? await c.call('agent.worktreeDiff', { sessionId: s.sessionId }) : null;
  c.io.out(c.json ? `${JSON.stringify(diff ? { ...detail, diff } : detail)}\n` : formatSessionShow(detail, diff, hints(c, s.sessionId), c.t, c.io.language));
  return 0;
}

async function mergeAction(c: Ctx): Promise<number> {
  const s = await sessionArgument(c, 'merge');
  const tree = worktreeOf(s, 'merge', c.t);
  if (tree.state === 'discarded') throw new UsageError(c.t.worktreeDiscarded(shortId(s.sessionId)));
  const status = await c.call('git.status', {}).catch(() => null);
  const into = status?.branch ?? tree.baseBranch;
  if (!(await confirm(c, 'merge', c.t.askMerge(tree.branch, into ?? c.t.currentBranch)))) {
    c.io.err(`${c.t.mergeCancelled}\n`);
    return 1;
  }
  const result = await c.call('agent.merge', { sessionId: s.sessionId });
  if (c.json) c.io.out(`${JSON.stringify(result)}\n`);
  if (result.merged) {
    if (!c.json) c.io.out(formatMerged(result, tree.branch, into, c.t));
    return 0;
  }
  c.io.err(formatNotMerged(result, tree.branch, c.t, c.io.language));
  return 1;
}

async function discardAction(c: Ctx): Promise<number> {
  const s = await sessionArgument(c, 'discard');
  const tree = worktreeOf(s, 'discard', c.t);
  const id = shortId(s.sessionId);
  if (tree.state === 'discarded') {
    if (c.json) c.io.out(`${JSON.stringify({ ok: true, sessionId: s.sessionId, branch: tree.branch, path: tree.path, alreadyDiscarded: true })}\n`);
    else c.io.out(`${c.t.alreadyDiscarded(id, tree.branch)}\n`);
    return 0;
  }
  const question = (tree.state === 'merged' ? c.t.askDiscardMerged : c.t.askDiscardLost)(tree.branch);
  if (!(await confirm(c, 'discard', question))) {
    c.io.err(`${c.t.discardCancelled}\n`);
    return 1;
  }
  await c.call('agent.discard', { sessionId: s.sessionId });
  if (c.json) c.io.out(`${JSON.stringify({ ok: true, sessionId: s.sessionId, branch: tree.branch, path: tree.path })}\n`);
  else c.io.out(`${c.t.discarded(tree.path, tree.branch, id, s.sessionId)}\n`);
  return 0;
}

/** Old finished sessions' folders removed (agent.pruneSessions); --dry-run only says which. */
async function pruneAction(c: Ctx): Promise<number> {
  const result = await c.call('agent.pruneSessions', { dryRun: c.parsed.flags['dry-run'] === true });
  c.io.out(c.json ? `${JSON.stringify(result)}\n` : formatPrune(result, c.t));
  return 0;
}

const actions: Record<Subcommand, (c: Ctx) => Promise<number>> = { list: listAction, show: showAction, merge: mergeAction, discard: discardAction, prune: pruneAction };

const isSubcommand = (name: string): name is Subcommand => Object.hasOwn(specs, name);

async function runSubcommand(name: Subcommand, parsed: ParsedCommand, io: CliIo, json: boolean): Promise<number> {
  const workspaceFlag = parsed.flags.workspace as string | undefined;
  const root = await resolveFolder(workspaceFlag ?? null, io.cwd, io.language);
  const core = await createCore({ workspaceRoot: root, dataDir: defaultDataDir(io.env), face: 'cli', version: io.version, watch: false });
  const stopWaits = reportStoreWaits(core, io);
  const ctx: Ctx = {
    io,
    t: cliText(io, sessionsStrings),
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
  const t = cliText(io, sessionsStrings);
  try {
    const [name, ...rest] = argv;
    if (name === '--help' || name === '-h' || name === 'help') {
      io.out(cliText(io, helpStrings).sessions);
      return 0;
    }
    if (name === undefined || name.startsWith('-')) throw new UsageError(t.needsCommand(t.subcommands));
    if (!isSubcommand(name)) throw new UsageError(t.unknownCommand(name, t.subcommands));
    const parsed = parseCommandArgs(`sessions ${name}`, specs[name], rest, io.language);
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
    const hint = usage && !(err instanceof SessionIdError) ? t.seeHelp : '';
    io.err(`akira: ${message}${hint}\n`);
    return usage || error.code === 'bad_request' ? 2 : 1;
  }
}
