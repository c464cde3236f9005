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

/** Parses `--flag value`, `--flag=value`, boolean `--flag`, `-x` short flags, `--` and positionals for one command. */
export function parseCommandArgs(command: string, spec: CommandSpec, argv: readonly string[]): ParsedCommand {
  const flags: ParsedCommand['flags'] = {};
  const positionals: string[] = [];
  const rest: string[] = [];
  let help = false;
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyPositionals && spec.rest) {
      rest.push(arg);
      continue;
    }
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') ? arg.slice(2, eq === -1 ? undefined : eq) : (spec.short?.[arg.slice(1)] ?? '');
    const type = name ? spec.flags[name] : undefined;
    if (!type) throw new UsageError(`Unknown option for ${command}: ${eq === -1 ? arg : arg.slice(0, eq)}`);
    if (type === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    if (type === 'number') {
      if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
      flags[name] = Number(value);
    } else if (type === 'strings') {
      flags[name] = [...((flags[name] as string[] | undefined) ?? []), value];
    } else {
      flags[name] = value;
    }
  }
  if (positionals.length > spec.positionals.max) {
    const extra = positionals.slice(spec.positionals.max).join(' ');
    throw new UsageError(
      spec.positionals.max === 0
        ? `${command} takes no arguments, got: ${extra}`
        : `${command} takes at most ${spec.positionals.max} ${spec.positionals.name}, got also: ${extra}`,
    );
  }
  return { flags, positionals, rest, help };
}

export interface ServeArgs {
  folder: string | null;
  port: number;
  host: string;
  open: boolean;
}

export const serveSpec: CommandSpec = {
  flags: { port: 'number', host: 'string', open: 'boolean' },
  positionals: { max: 1, name: 'folder' },
};

export function toServeArgs(parsed: ParsedCommand): ServeArgs {
  const port = (parsed.flags.port as number | undefined) ?? 0;
  if (port > 65535) throw new UsageError(`--port must be between 0 and 65535, got ${port}`);
  return {
    folder: parsed.positionals[0] ?? null,
    port,
    host: (parsed.flags.host as string | undefined) ?? '127.0.0.1',
    open: parsed.flags.open === true,
  };
}
