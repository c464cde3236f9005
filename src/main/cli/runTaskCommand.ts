import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { CommandInput, CommandName, CommandResult, ContractError, EventEnvelope } from '../../shared/contract';
import type { SpecRunInput } from '../../shared/contract/specs';
import type { ImageInput } from '../../shared/context/contextShapes';
import { createCore, type Core } from '../core/createCore';
import { toContractError } from '../core/errors';
import { defaultDataDir } from '../core/settings/dataDir';
import { parseCommandArgs, UsageError, type CommandSpec } from './args';
import { helpStrings } from './helpStrings';
import { cliText, isInteractive, type CliIo } from './io';
import { runUsageStrings } from './runUsageStrings';

type RunUsageWords = (typeof runUsageStrings)['en'];
import { runStrings } from './runStrings';
import { cliReasonFix } from './cliReasonFix';
import { createRunApprovals } from './runApprovals';
import { formatRunEvent, styler } from './runFormat';
import { resolveFolder } from './folderArg';
import { readImageFiles } from './imageFiles';
import { shellWord } from './checkpointsFormat';
import { cliErrorText } from './cliErrors';
import { plainWords, reasonFields, reasonIn, sessionErrors, sessionReasons, wordsText } from '../../shared/errors';

/**
 * `akira run --task "…" [--workspace DIR] [--mode M] [--model M] [--base-url URL] [--yes] [--json] [--image FILE …]`,
 * (`@path` mentions in the task attach files, folders, @diff, @problems, @checkpoint:<id>; --image a screenshot),
 * `akira run --tasks FILE [--only ID,…] [--from ID] …` (a spec: specs.run) and `akira run --resume <sessionId>`:
 * a headless agent session (docs/architecture.md "Pinned surfaces"). `--worktree`: the session works in its own
 * git worktree on branch akira/<8> (isolation 'worktree'); at its end the readable output says where its work is
 * and how to merge or discard it (`akira sessions merge|discard <id>`).
 *
 * It is a face like the others: it starts or resumes the session with agent.start / agent.resume,
 * follows `agent.onEvent` and answers approvals through the same commands (runApprovals.ts).
 * --json prints every agent.onEvent as the WebSocket face sends it, one per line:
 * `{"event": "agent.onEvent", "seq": n, "data": {sessionId, type, …}}`; otherwise readable progress.
 * Exit: 0 when the task is verified complete (a spec: every task done or judged done; also when every
 * task is ticked already and nothing ran); 1 when it failed, stopped or paused (a limit, an auth error,
 * nobody to approve, Ctrl+C); 2 for bad usage or configuration (no model: how to configure one).
 */

export const runSpec: CommandSpec = {
  flags: {
    task: 'string',
    tasks: 'string',
    only: 'string',
    from: 'string',
    workspace: 'string',
    mode: 'string',
    model: 'string',
    'base-url': 'string',
    yes: 'boolean',
    json: 'boolean',
    resume: 'string',
    worktree: 'boolean',
    'no-sandbox': 'boolean',
    image: 'strings',
  },
  short: { y: 'yes' },
  positionals: { max: 0, name: 'arguments' },
};

class Failed extends Error {
  constructor(readonly error: ContractError) {
    super(error.message);
  }
}

export async function runTaskCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  let core: Core | null = null;
  try {
    const parsed = parseCommandArgs('run', runSpec, argv, io.language);
    if (parsed.help) {
      io.out(cliText(io, helpStrings).run);
      return 0;
    }
    const f = parsed.flags as RawFlags;
    checkFlags(f, cliText(io, runUsageStrings));
    const root = await resolveFolder(f.workspace ?? null, io.cwd, io.language);
    const spec = f.tasks !== undefined ? await specInput(f, root, io.cwd, cliText(io, runUsageStrings)) : undefined;
    const images = f.image?.length ? await readImageFiles(f.image, io.cwd, io.language) : undefined;
    const stopped = io.waitForStop();
    core = await createCore({
      workspaceRoot: root,
      dataDir: defaultDataDir(io.env),
      face: 'cli',
      version: io.version,
      watch: false,
      agent: { env: io.env, modelFlags: { model: f.model, baseUrl: f['base-url'] }, noSandbox: f['no-sandbox'] === true },
    });
    return await follow(core, io, { ...f, json, root, spec, images }, stopped);
  } catch (err) {
    const usage = err instanceof UsageError;
    const error: ContractError = usage ? { code: 'bad_request', message: err.message } : err instanceof Failed ? err.error : toContractError(err);
    if (json) io.out(`${JSON.stringify({ error })}\n`);
    io.err(`akira: ${cliErrorText(io, error)}${usage ? cliText(io, runStrings).seeRunHelp : ''}\n`);
    return usage || error.code === 'bad_request' ? 2 : 1;
  } finally {
    await core?.dispose();
  }
}

interface RawFlags {
  task?: string;
  tasks?: string;
  only?: string;
  from?: string;
  workspace?: string;
  mode?: string;
  model?: string;
  'base-url'?: string;
  yes?: boolean;
  resume?: string;
  worktree?: boolean;
  'no-sandbox'?: boolean;
  image?: string[];
}

interface Flags {
  task?: string;
  mode?: string;
  resume?: string;
  yes?: boolean;
  worktree?: boolean;
  json: boolean;
  root: string;
  workspace?: string;
  spec?: SpecRunInput;
  images?: ImageInput[];
}

function checkFlags(f: RawFlags, t: RunUsageWords): void {
  // --resume ID --task "…" is a follow-up (issue 25): the task goes to the resumed session.
  const inputs = [f.task !== undefined && f.resume === undefined && '--task', f.tasks !== undefined && '--tasks', f.resume !== undefined && '--resume'].filter(Boolean);
  if (!inputs.length) throw new UsageError(t.needsInput);
  if (inputs.length > 1) throw new UsageError(t.together(inputs as string[]));
  if (f.resume !== undefined && f.mode !== undefined) throw new UsageError(t.modeOnResume);
  if (f.resume !== undefined && f.worktree) throw new UsageError(t.worktreeOnResume);
  if (f.task !== undefined && !f.task.trim()) throw new UsageError(t.emptyTask);
  if (f.tasks !== undefined && !f.tasks.trim()) throw new UsageError(t.tasksNeedsPath);
  if ((f.only !== undefined || f.from !== undefined) && f.tasks === undefined) throw new UsageError(t.onlyFromWithTasks);
  if (f.image?.length && f.task === undefined) throw new UsageError(t.imageWithTask);
}

/** --tasks FILE (relative to the current folder, inside the workspace) with --only 2,3.1 and --from 3. */
async function specInput(f: RawFlags, root: string, cwd: string, t: RunUsageWords): Promise<SpecRunInput> {
  const wanted = resolve(cwd, f.tasks!);
  const real = await realpath(wanted).catch(() => null);
  if (!real) throw new UsageError(t.noSuchFile(wanted));
  const rel = relative(root, real);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new UsageError(t.outsideWorkspace(wanted, root));
  const only = f.only?.split(',').map((id) => id.trim()).filter(Boolean);
  if (f.only !== undefined && !only?.length) throw new UsageError(t.onlyNeedsNumbers);
  if (f.from !== undefined && !f.from.trim()) throw new UsageError(t.fromNeedsNumber);
  return {
    tasksPath: rel.split(sep).join('/'),
    ...(only ? { only } : {}),
    ...(f.from !== undefined ? { from: f.from.trim() } : {}),
    ...(f.mode ? { mode: f.mode } : {}),
    ...(f.worktree ? { isolation: 'worktree' as const } : {}),
  };
}

/** An agent.onEvent envelope: its data is the typed AgentEvent union (narrow on `type` to read a field). */
const isAgentEnvelope = (envelope: EventEnvelope): envelope is EventEnvelope<'agent.onEvent'> => envelope.event === 'agent.onEvent';

async function follow(core: Core, io: CliIo, f: Flags, stopped: Promise<string>): Promise<number> {
  const s = styler(io.tty.stderr);
  const t = cliText(io, runStrings);
  let sessionId: string | null = f.resume ?? null;
  let settle!: (code: number) => void;
  const ended = new Promise<number>((resolve) => (settle = resolve));
  const resumeCommand = (id: string) => `akira run --resume ${id}${f.workspace !== undefined ? ` --workspace ${shellWord(f.root)}` : ''}`;
  const resumeHint = (id: string) => `${t.resumeWith} ${resumeCommand(id)}`;

  async function call<N extends CommandName>(name: N, params: CommandInput<N>): Promise<unknown> {
    const answer = await core.router.handle(name, params, { face: 'cli' });
    if ('error' in answer) throw new Failed(answer.error);
    return answer.result;
  }
  const approvals = createRunApprovals({
    io,
    yes: f.yes === true,
    interactive: isInteractive(io),
    json: f.json,
    call,
    resumeCommand,
  });

  /** specs.run; null when every selected task is ticked already (said, and exit 0). */
  async function startSpec(input: SpecRunInput): Promise<{ sessionId: string } | null> {
    try {
      return (await call('specs.run', input)) as { sessionId: string };
    } catch (err) {
      const nothing = err instanceof Failed ? err.error.details?.nothingToRun : undefined;
      if (!nothing) throw err;
      if (f.json) io.out(`${JSON.stringify({ result: { nothingToRun: nothing } })}\n`);
      io.err(`${s('green', '✔')} ${cliErrorText(io, (err as Failed).error)}\n`);
      return null;
    }
  }

  const subTasks = new Set<string>();
  const off = core.bus.subscribe((envelope) => {
    if (!isAgentEnvelope(envelope)) return;
    const e = envelope.data;
    if (sessionId === null && e.type === 'session_started') sessionId = e.sessionId;
    // Sub-tasks (new_task) of the run's session, and theirs: shown and answered like it (--yes approves their changes).
    if (e.type === 'subtask_started' && (e.sessionId === sessionId || subTasks.has(e.sessionId))) subTasks.add(e.childId);
    const child = subTasks.has(e.sessionId);
    if (e.sessionId !== sessionId && !child) return;
    if (f.json) io.out(`${JSON.stringify(envelope)}\n`);
    else {
      const text = formatRunEvent(e, { color: io.tty.stdout, language: io.language });
      if (text) io.out(text);
    }
    approvals.handle(e);
    if (child) {
      // The parent waits for its child: a child paused (nobody to approve) ends the run as the parent's pause would.
      if (e.type === 'status_changed' && e.status === 'paused') {
        io.err(`${s('yellow', t.sessionPaused)}: ${reasonIn(e.reason, e.reasonWords, io.language ?? 'en') ?? ''}${cliReasonFix(e.reasonWords, io.language ?? 'en')}\n${resumeHint(e.sessionId)}\n`);
        settle(1);
      }
      return;
    }
    if (e.type === 'session_completed') settle(0);
    else if (e.type === 'session_failed' || e.type === 'session_stopped') settle(1);
    else if (e.type === 'status_changed' && e.status === 'paused') {
      io.err(`${s('yellow', t.sessionPaused)}: ${reasonIn(e.reason, e.reasonWords, io.language ?? 'en') ?? ''}${cliReasonFix(e.reasonWords, io.language ?? 'en')}\n${resumeHint(e.sessionId)}\n`);
      settle(1);
    }
  });
  try {
    await sayWhenUnsandboxed();
    if (f.resume !== undefined) {
      const state = (await call('agent.get', { sessionId: f.resume })) as { status: string; statusReason: string | null };
      const finished = state.status === 'completed' || state.status === 'failed' || state.status === 'stopped';
      if (f.task !== undefined) {
        // A follow-up: a finished session runs a new round with it; a paused one resumes with it as a message.
        if (!finished) await call('agent.resume', { sessionId: f.resume });
        await call('agent.sendMessage', { sessionId: f.resume, text: f.task, ...(f.images ? { images: f.images } : {}) });
      } else if (state.status === 'completed') {
        io.err(`${t.alreadyCompleted(f.resume)}\n`);
        return 0;
      } else await call('agent.resume', { sessionId: f.resume });
    } else {
      if (f.worktree) await checkWorktreeAvailable();
      if (f.spec) {
          const started = await startSpec(f.spec);
        if (!started) return 0;
        sessionId = started.sessionId;
      } else {
        const isolation = f.worktree ? { isolation: 'worktree' as const } : {};
        const started = (await call('agent.start', { task: f.task!, ...(f.mode ? { mode: f.mode } : {}), ...isolation, ...(f.images ? { images: f.images } : {}) })) as { sessionId: string };
        sessionId = started.sessionId;
      }
    }
    void stopped.then(async (signal) => {
      if (!sessionId) return;
      io.err(`\n${s('yellow', t.pausing(signal))}\n`);
      await call('agent.pause', { sessionId, ...reasonFields(sessionReasons.interrupted(signal)) }).catch(() => settle(1));
    });
    const code = await ended;
    if (!f.json && sessionId) await worktreeHint(sessionId, code === 0);
    return code;
  } finally {
    off();
  }

  /** Once, before the session: the agent's commands run without the OS sandbox here, why, and how to get one (issue 26). */
  async function sayWhenUnsandboxed(): Promise<void> {
    const sb = (await call('agent.sandbox', {})) as CommandResult<'agent.sandbox'>;
    if (sb.available) return;
    const lang = io.language ?? 'en';
    const why = reasonIn(sb.reason, sb.reasonWords, lang) ?? '';
    const hint = reasonIn(sb.hint, sb.hintWords, lang) ?? '';
    io.err(`${s('yellow', '!')} ${t.noSandbox(why, hint)}\n`);
  }

  /** --worktree where worktrees cannot be made (not a git repository, no commit yet …): exit 2 with the reason. */
  async function checkWorktreeAvailable(): Promise<void> {
    const { worktree } = (await call('agent.isolation', {})) as CommandResult<'agent.isolation'>;
    if (!worktree.available) {
      const message = `--worktree is not possible here: ${worktree.reason ?? 'worktree isolation is not available'}`;
      // The reason's words (spec.*, from a core that sends them) said inside the flag's refusal; else the English.
      const why = worktree.reason && worktree.reasonWords?.key.startsWith('spec.') && wordsText(worktree.reasonWords, 'en') ? worktree.reasonWords : null;
      const words = why ? plainWords(sessionErrors.worktreeFlagRefused(why.key.slice('spec.'.length), String(why.values[0] ?? ''))) : undefined;
      throw new Failed({ code: 'bad_request', message, ...(words ? { words } : {}) });
    }
  }

  /** A session that ran in a worktree (also one resumed there): where its work is and how to merge or discard it. */
  async function worktreeHint(id: string, completed: boolean): Promise<void> {
    const state = (await call('agent.get', { sessionId: id }).catch(() => null)) as CommandResult<'agent.get'> | null;
    const tree = state?.worktree;
    if (!tree || tree.state !== 'active') return;
    const ws = f.workspace !== undefined ? ` --workspace ${shellWord(f.root)}` : '';
    const short = id.slice(0, 8);
    io.out(
      `${t.workOnBranch(completed, tree.branch, tree.path)}\n` +
        `${t.mergeIt(tree.baseBranch ?? '')}  akira sessions merge ${short}${ws}\n` +
        `${t.discardIt}  akira sessions discard ${short}${ws}\n` +
        (completed ? '' : `${t.lookAtIt}  akira sessions show ${short}${ws}\n`),
    );
  }
}
