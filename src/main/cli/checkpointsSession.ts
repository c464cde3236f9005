import type { CommandInput, CommandName, CommandResult, ContractError } from '../../shared/contract';
import { checkpointId } from '../../shared/contract';
import { UsageError, type ParsedCommand } from './args';
import { cliText, type CliIo } from './io';
import { checkpointsStrings } from './checkpointsStrings';

/** A contract error answered by the core (exit 1, or 2 for bad_request). */
export class CommandFailed extends Error {
  constructor(readonly error: ContractError) {
    super(error.message);
    this.name = 'CommandFailed';
  }
}

/** What a subcommand works with: the core behind the router, the io, the output mode. */
export interface Session {
  io: CliIo;
  json: boolean;
  parsed: ParsedCommand;
  call<N extends CommandName>(name: N, params: CommandInput<N>): Promise<CommandResult<N>>;
  /** `akira checkpoints restore` with `--workspace` when one was given, for the undo hint. */
  restoreCommand: string;
}

/** The checkpoint id in positional `index`, checked as the contract checks it, or a usage error. */
export function idArgument(s: Pick<Session, 'parsed' | 'io'>, index: number, command: string, allowNow = false): string {
  const t = cliText(s.io, checkpointsStrings);
  const id = s.parsed.positionals[index];
  if (id === undefined) throw new UsageError(t.needsId(command));
  if ((allowNow && id === 'now') || checkpointId.safeParse(id).success) return id;
  throw new UsageError(t.notAnId(id, allowNow));
}
