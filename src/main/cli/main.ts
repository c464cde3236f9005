import { parseCommandArgs, serveSpec, toServeArgs, UsageError } from './args';
import { checkpointsCommand } from './checkpointsCommand';
import { helpStrings } from './helpStrings';
import { cliText, type CliIo } from './io';
import { cliLanguage } from './cliLanguage';
import { cliStrings } from './cliStrings';
import { runTaskCommand } from './runTaskCommand';
import { serveCommand, type HttpFace } from './serveCommand';
import { sessionsCommand } from './sessionsCommand';
import { cliThrownText } from './cliErrors';

/** Commands pinned in docs/architecture.md that later versions add; named here so the error says so. */
const PLANNED = new Set<string>([]);

/**
 * The `akira` command: dispatches to one command and returns the exit code
 * (0 ok, 1 failure, 2 bad usage). New commands get a spec in args.ts and a case here. `faces` are the
 * other faces a command starts (the HTTP face for `akira serve`), passed in by the process entry.
 */
export async function runCli(argv: readonly string[], given: CliIo, faces: { http: HttpFace }): Promise<number> {
  const io: CliIo = { ...given, language: given.language ?? (await cliLanguage(given.env)) };
  const t = cliText(io, cliStrings);
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.out(cliText(io, helpStrings).main);
      return 0;
    }
    if (command === '--version' || command === '-v' || command === '-V' || command === 'version') {
      io.out(`${io.version}\n`);
      return 0;
    }
    switch (command) {
      case 'serve': {
        const parsed = parseCommandArgs('serve', serveSpec, rest, io.language);
        if (parsed.help) {
          io.out(cliText(io, helpStrings).serve);
          return 0;
        }
        return await serveCommand(toServeArgs(parsed, io.language), io, faces.http);
      }
      case 'checkpoints':
        return await checkpointsCommand(rest, io);
      case 'run':
        return await runTaskCommand(rest, io);
      case 'sessions':
        return await sessionsCommand(rest, io);
      default:
        if (PLANNED.has(command)) throw new UsageError(t.notAvailable(command));
        if (command.startsWith('-')) throw new UsageError(t.unknownOption(command));
        throw new UsageError(t.unknownCommand(command));
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`akira: ${err.message}\n${t.seeHelp}\n`);
      return 2;
    }
    io.err(`akira: ${cliThrownText(io, err)}\n`);
    return 1;
  }
}
