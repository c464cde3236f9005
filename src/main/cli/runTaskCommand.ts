import type { CommandInput, CommandName, ContractError, EventEnvelope } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { toContractError } from '../core/errors';
import { defaultDataDir } from '../core/settings/dataDir';
import { parseCommandArgs, UsageError, type CommandSpec } from './args';
import { runHelp } from './help';
import type { CliIo } from './io';
import { createRunApprovals } from './runApprovals';
import { formatRunEvent, styler } from './runFormat';
import { resolveFolder } from './folderArg';
import { shellWord } from './checkpointsFormat';

/**
 * `akira run --task "…" [--workspace DIR] [--mode M] [--model M] [--base-url URL] [--yes] [--json]`
 * and `akira run --resume <sessionId>`: a headless agent session (docs/architecture.md "Pinned surfaces").
 *
 * It is a face like the others: it starts or resumes the session with agent.start / agent.resume,
 * follows `agent.onEvent` and answers approvals through the same commands (runApprovals.ts).
 * --json prints every agent.onEvent as the WebSocket face sends it, one per line:
 * `{"event": "agent.onEvent", "seq": n, "data": {sessionId, type, …}}`; otherwise readable progress.
 * Exit: 0 when the task is verified complete; 1 when it failed, stopped or paused (a limit, an auth
 * error, nobody to approve, Ctrl+C); 2 for bad usage or configuration (no model: how to configure one).
 */

export const runSpec: CommandSpec = {
  flags: { task: 'string', workspace: 'string', mode: 'string', model: 'string', 'base-url': 'string', yes: 'boolean', json: 'boolean', resume: 'string' },
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
    const parsed = parseCommandArgs('run', runSpec, argv);
    if (parsed.help) {
      io.out(runHelp);
      return 0;
    }
    const f = parsed.flags as { task?: string; workspace?: string; mode?: string; model?: string; 'base-url'?: string; yes?: boolean; resume?: string };
    if (f.task === undefined && f.resume === undefined) throw new UsageError('run needs --task "what to do" (or --resume <sessionId>)');
    if (f.task !== undefined && f.resume !== undefined) throw new UsageError('--task and --resume cannot be used together');
    if (f.resume !== undefined && f.mode !== undefined) throw new UsageError('--mode cannot change on --resume: a session keeps its mode');
    if (f.task !== undefined && !f.task.trim()) throw new UsageError('--task is empty');
    const root = await resolveFolder(f.workspace ?? null, io.cwd);
    const stopped = io.waitForStop();
    core = await createCore({
      workspaceRoot: root,
      dataDir: defaultDataDir(io.env),
      face: 'cli',
      version: io.version,
      watch: false,
      agent: { env: io.env, modelFlags: { model: f.model, baseUrl: f['base-url'] } },
    });
    return await follow(core, io, { ...f, json, root }, stopped);
  } catch (err) {
    const usage = err instanceof UsageError;
    const error: ContractError = usage ? { code: 'bad_request', message: err.message } : err instanceof Failed ? err.error : toContractError(err);
    if (json) io.out(`${JSON.stringify({ error })}\n`);
    io.err(`akira: ${error.message}${usage ? ' (see `akira run --help`)' : ''}\n`);
    return usage || error.code === 'bad_request' ? 2 : 1;
  } finally {
    await core?.dispose();
  }
}

interface Flags {
  task?: string;
  mode?: string;
  resume?: string;
  yes?: boolean;
  json: boolean;
  root: string;
  workspace?: string;
}

/** An agent.onEvent envelope: its data is the typed AgentEvent union (narrow on `type` to read a field). */
const isAgentEnvelope = (envelope: EventEnvelope): envelope is EventEnvelope<'agent.onEvent'> => envelope.event === 'agent.onEvent';

async function follow(core: Core, io: CliIo, f: Flags, stopped: Promise<string>): Promise<number> {
  const s = styler(io.tty.stderr);
  let sessionId: string | null = f.resume ?? null;
  let settle!: (code: number) => void;
  const ended = new Promise<number>((resolve) => (settle = resolve));
  const resumeHint = (id: string) =>
    `Resume with: akira run --resume ${id}${f.workspace !== undefined ? ` --workspace ${shellWord(f.root)}` : ''}`;

  async function call<N extends CommandName>(name: N, params: CommandInput<N>): Promise<unknown> {
    const answer = await core.router.handle(name, params, { face: 'cli' });
    if ('error' in answer) throw new Failed(answer.error);
    return answer.result;
  }
  const approvals = createRunApprovals({
    io,
    yes: f.yes === true,
    interactive: io.tty.stdin && io.tty.stderr,
    json: f.json,
    call,
    resumeHint,
  });

  const off = core.bus.subscribe((envelope) => {
    if (!isAgentEnvelope(envelope)) return;
    const e = envelope.data;
    if (sessionId === null && e.type === 'session_started') sessionId = e.sessionId;
    if (e.sessionId !== sessionId) return;
    if (f.json) io.out(`${JSON.stringify(envelope)}\n`);
    else {
      const text = formatRunEvent(e, { color: io.tty.stdout });
      if (text) io.out(text);
    }
    approvals.handle(e);
    if (e.type === 'session_completed') settle(0);
    else if (e.type === 'session_failed' || e.type === 'session_stopped') settle(1);
    else if (e.type === 'status_changed' && e.status === 'paused') {
      io.err(`${s('yellow', 'Session paused')}: ${e.reason ?? ''}\n${resumeHint(e.sessionId)}\n`);
      settle(1);
    }
  });
  try {
    if (f.resume !== undefined) {
      const state = (await call('agent.get', { sessionId: f.resume })) as { status: string; statusReason: string | null };
      if (state.status === 'completed') {
        io.err(`Session ${f.resume} is already completed.\n`);
        return 0;
      }
      await call('agent.resume', { sessionId: f.resume });
    } else {
      const started = (await call('agent.start', { task: f.task!, ...(f.mode ? { mode: f.mode } : {}) })) as { sessionId: string };
      sessionId = started.sessionId;
    }
    void stopped.then(async (signal) => {
      if (!sessionId) return;
      io.err(`\n${s('yellow', `${signal}: pausing the session…`)}\n`);
      await call('agent.pause', { sessionId, reason: `Interrupted (${signal}).` }).catch(() => settle(1));
    });
    return await ended;
  } finally {
    off();
  }
}
