import { parseArgs, type ParseArgsConfig } from 'node:util';
import { textIn, type Language } from '../../shared/i18n';
import { cliStrings } from './cliStrings';

/** A command-line mistake: the message is printed as is and the process exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** 'strings': a string flag that may be given several times (collected in order). */
type FlagType = 'string' | 'number' | 'boolean' | 'strings';

/** What one command accepts: flags by name and how many positional arguments. */
export interface CommandSpec {
  flags: Record<string, FlagType>;
  positionals: { max: number; name: string };
  /** One-letter spellings: `{ m: 'message' }` makes `-m x` mean `--message x`. */
  short?: Record<string, string>;
  /** When set, what follows `--` goes to `rest` (e.g. paths) instead of the positionals. */
  rest?: string;
}

export interface ParsedCommand {
  flags: Record<string, string | number | boolean | string[]>;
  positionals: string[];
  /** What followed `--`, for specs with `rest`. */
  rest: string[];
  help: boolean;
}

/**
 * Parses `--flag value`, `--flag=value`, boolean `--flag`, `-x` short flags, `--` and positionals for one command.
 * node:util's parseArgs splits the arguments (non-strict, with tokens); the checks and their messages are ours.
 */
export function parseCommandArgs(command: string, spec: CommandSpec, argv: readonly string[], language: Language = 'en'): ParsedCommand {
  const t = textIn(cliStrings, language);
  const options: ParseArgsConfig['options'] = { help: { type: 'boolean', short: 'h' } };
  for (const [name, type] of Object.entries(spec.flags)) {
    options[name] = type === 'boolean' ? { type: 'boolean' } : { type: 'string', multiple: type === 'strings' };
  }
  for (const [letter, name] of Object.entries(spec.short ?? {})) {
    const option = options[name];
    if (option) option.short = letter;
  }
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const flags: ParsedCommand['flags'] = {};
  const positionals: string[] = [];
  const rest: string[] = [];
  let help = false;
  let afterTerminator = false;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') afterTerminator = true;
    else if (token.kind === 'positional') (afterTerminator && spec.rest ? rest : positionals).push(token.value);
    else if (token.name === 'help' && token.value === undefined) help = true;
    else {
      const { name } = token;
      const type = Object.hasOwn(spec.flags, name) ? spec.flags[name] : undefined;
      if (!type) {
        const raw = argv[token.index];
        throw new UsageError(t.unknownOptionFor(command, raw.includes('=') ? raw.slice(0, raw.indexOf('=')) : raw));
      }
      if (type === 'boolean') {
        if (token.value !== undefined) throw new UsageError(t.takesNoValue(name));
        flags[name] = true;
        continue;
      }
      // parseArgs takes the next argument whatever it is; a flag (`--port --open`) is not a value.
      const value = token.value;
      if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('--'))) throw new UsageError(t.needsValue(name));
      if (type === 'number') {
        if (!/^\d+$/.test(value)) throw new UsageError(t.wholeNumber(name, value));
        flags[name] = Number(value);
      } else if (type === 'strings') {
        flags[name] = [...((flags[name] as string[] | undefined) ?? []), value];
      } else {
        flags[name] = value;
      }
    }
  }
  if (positionals.length > spec.positionals.max) {
    const extra = positionals.slice(spec.positionals.max).join(' ');
    throw new UsageError(
      spec.positionals.max === 0
        ? t.noArguments(command, extra)
        : t.atMost(command, spec.positionals.max, spec.positionals.name, extra),
    );
  }
  return { flags, positionals, rest, help };
}

export interface ServeArgs {
  folder: string | null;
  port: number;
  host: string;
  open: boolean;
  /** `--token-file FILE`: a stable token read from FILE (created 0600 when missing). */
  tokenFile: string | null;
  /** `--headless`: only the HTTP API and the WebSocket, no UI files. */
  headless: boolean;
}

export const serveSpec: CommandSpec = {
  flags: { port: 'number', host: 'string', open: 'boolean', 'token-file': 'string', headless: 'boolean' },
  positionals: { max: 1, name: 'folder' },
};

export function toServeArgs(parsed: ParsedCommand, language: Language = 'en'): ServeArgs {
  const port = (parsed.flags.port as number | undefined) ?? 0;
  if (port > 65535) throw new UsageError(textIn(cliStrings, language).portRange(port));
  return {
    folder: parsed.positionals[0] ?? null,
    port,
    host: (parsed.flags.host as string | undefined) ?? '127.0.0.1',
    open: parsed.flags.open === true,
    tokenFile: (parsed.flags['token-file'] as string | undefined) ?? null,
    headless: parsed.flags.headless === true,
  };
}
