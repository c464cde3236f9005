import type { CommandResult, ContractError } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { toContractError } from '../core/errors';
import { defaultDataDir } from '../core/settings/dataDir';
import { parseCommandArgs, UsageError, type CommandSpec, type ParsedCommand } from './args';
import { createAction, diffAction, listAction, pruneAction, showAction } from './checkpointsActions';
import { shellWord } from './checkpointsFormat';
import { restoreAction } from './checkpointsRestore';
import { CommandFailed, type Session } from './checkpointsSession';
import { helpStrings } from './helpStrings';
import { cliStrings } from './cliStrings';
import { cliText, type CliIo } from './io';
import { resolveFolder } from './folderArg';
import { reportStoreWaits } from './serveCommand';
import { cliErrorText } from './cliErrors';

type Subcommand = 'create' | 'list' | 'show' | 'diff' | 'restore' | 'prune';
const common = { workspace: 'string', json: 'boolean' } as const;
const none = { max: 0, name: 'arguments' };
const specs: Record<Subcommand, CommandSpec> = {
  create: { flags: { ...common, message: 'string' }, short: { m: 'message' }, positionals: none },
  list: { flags: { ...common, limit: 'number', offset: 'number' }, positionals: none },
  show: { flags: { ...common, patch: 'boolean' }, positionals: { max: 1, name: 'checkpoint id' } },
  diff: { flags: { ...common, patch: 'boolean' }, positionals: { max: 2, name: 'checkpoint ids (paths go after --)' }, rest: 'paths' },
  restore: {
    flags: { ...common, yes: 'boolean', 'dry-run': 'boolean', file: 'strings' },
    short: { y: 'yes' },
    positionals: { max: 1, name: 'checkpoint id (use --file PATH for each path)' },
    rest: 'paths',
  },
  prune: { flags: { ...common, 'dry-run': 'boolean' }, positionals: none },
};
const actions: Record<Subcommand, (s: Session) => Promise<number>> = {
  create: createAction,
  list: listAction,
  show: showAction,
  diff: diffAction,
  restore: restoreAction,
  prune: pruneAction,
};

function isSubcommand(name: string): name is Subcommand {
  return Object.hasOwn(specs, name);
}

/** Shows progress of long operations (a first checkpoint of a big tree) on a terminal's stderr. */
/** `start()` before each command: only what takes longer than half a second shows. */
function showProgress(core: Core, io: CliIo): { start(): void; stop(): void } {
  let opStarted = 0;
  let shown = false;
  let lastDraw = 0;
  const clear = () => {
    if (shown) io.err('\r\x1b[K');
    shown = false;
  };
  const off = core.bus.on('checkpoints.onProgress', (p) => {
    const now = Date.now();
    if (p.phase === 'done') {
      opStarted = 0;
      return clear();
    }
    opStarted ||= now;
    // Quick operations print nothing; slow ones redraw one line at most ten times a second.
    if (now - opStarted < 500 || now - lastDraw < 100) return;
    lastDraw = now;
    shown = true;
    io.err(`\r\x1b[K${p.phase}… ${p.total ? `${p.done}/${p.total}` : p.done}`);
  });
  return {
    start: () => {
      opStarted = 0;
      clear();
    },
    stop: () => {
      off();
      clear();
    },
  };
}

async function runSubcommand(name: Subcommand, parsed: ParsedCommand, io: CliIo, json: boolean): Promise<number> {
  const workspaceFlag = parsed.flags.workspace as string | undefined;
  const root = await resolveFolder(workspaceFlag ?? null, io.cwd, io.language);
  const core = await createCore({ workspaceRoot: root, dataDir: defaultDataDir(io.env), face: 'cli', version: io.version, watch: false });
  const progress = !json && io.tty.stderr ? showProgress(core, io) : null;
  const stopWaits = reportStoreWaits(core, io);
  const session: Session = {
    io,
    json,
    parsed,
    async call(command, params) {
      progress?.start();
      const answer = await core.router.handle(command, params, { face: 'cli' });
      progress?.start();
      if ('error' in answer) throw new CommandFailed(answer.error);
      return answer.result as CommandResult<typeof command>;
    },
    restoreCommand: `akira checkpoints restore${workspaceFlag !== undefined ? ` --workspace ${shellWord(root)}` : ''}`,
  };
  try {
    return await actions[name](session);
  } finally {
    progress?.stop();
    stopWaits();
    await core.dispose();
  }
}

/** `akira checkpoints <subcommand> …`: returns the exit code (0 ok, 1 failed, 2 bad usage). */
export async function checkpointsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const dashes = argv.indexOf('--');
  const json = (dashes === -1 ? argv : argv.slice(0, dashes)).includes('--json');
  try {
    const [name, ...rest] = argv;
    if (name === '--help' || name === '-h' || name === 'help') {
      io.out(cliText(io, helpStrings).checkpoints);
      return 0;
    }
    if (name === undefined || name.startsWith('-')) {
      throw new UsageError(cliText(io, cliStrings).checkpointsNeedsCommand);
    }
    if (!isSubcommand(name)) throw new UsageError(cliText(io, cliStrings).unknownCheckpointsCommand(name));
    const parsed = parseCommandArgs(`checkpoints ${name}`, specs[name], rest, io.language);
    if (parsed.help) {
      io.out(cliText(io, helpStrings).checkpoints);
      return 0;
    }
    return await runSubcommand(name, parsed, io, json);
  } catch (err) {
    const usage = err instanceof UsageError;
    const error: ContractError = usage ? { code: 'bad_request', message: err.message } : err instanceof CommandFailed ? err.error : toContractError(err);
    if (json) io.out(`${JSON.stringify({ error })}\n`);
    const hint = usage ? cliText(io, cliStrings).seeCommandHelp('checkpoints') : '';
    io.err(`akira: ${cliErrorText(io, error).replace(/\s*\n\s*/g, ' ')}${hint}\n`);
    return usage || error.code === 'bad_request' ? 2 : 1;
  }
}
