import { textIn, type Language, type Messages, type TextCatalog } from '../../shared/i18n';

/** What the CLI touches outside itself, so commands can be run in-process by tests. */
export interface CliIo {
  /** The language of what it prints (runCli sets it from cliLanguage.ts; absent: English). */
  language?: Language;
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  version: string;
  /** The built renderer that `akira serve` serves. */
  staticDir: string;
  /** Resolves with the signal's name when the process is asked to stop (SIGINT, SIGTERM). */
  waitForStop(): Promise<string>;
  /** Whether stdin / stdout / stderr are terminals (a person is there to answer, output is read by eye). */
  tty: { stdin: boolean; stdout: boolean; stderr: boolean };
  /** Prints `question` on stderr and resolves with the line typed on stdin ('' at end of input). */
  ask(question: string): Promise<string>;
}

function askOnStdin(question: string): Promise<string> {
  process.stderr.write(question);
  return new Promise((resolve) => {
    let line = '';
    const done = (answer: string) => {
      process.stdin.off('data', onData);
      process.stdin.off('end', onEnd);
      process.stdin.pause();
      resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      line += chunk.toString('utf8');
      const eol = line.indexOf('\n');
      if (eol !== -1) done(line.slice(0, eol).replace(/\r$/, ''));
    };
    const onEnd = () => done(line);
    process.stdin.on('data', onData);
    process.stdin.on('end', onEnd);
    process.stdin.resume();
  });
}

export function processIo(options: { version: string; staticDir: string }): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    version: options.version,
    staticDir: options.staticDir,
    tty: { stdin: process.stdin.isTTY === true, stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
    ask: askOnStdin,
    waitForStop: () =>
      new Promise((resolve) => {
        const stop = (signal: NodeJS.Signals) => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          // A second Ctrl+C while shutting down stops at once.
          process.once('SIGINT', () => process.exit(130));
          resolve(signal);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      }),
  };
}

/** A catalog's words in the CLI's language. */
export function cliText<T extends Messages>(io: Pick<CliIo, 'language'>, catalog: TextCatalog<T>): T {
  return textIn(catalog, io.language ?? 'en');
}

/** `CI` as CI services set it (`true`, `1`, a provider's name); empty, `0` and `false` mean no CI. */
export function inCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

/** A person can answer at this terminal: stdin and stderr are terminals and this is not a CI job (`CI=true`). */
export function isInteractive(io: Pick<CliIo, 'tty' | 'env'>): boolean {
  return io.tty.stdin && io.tty.stderr && !inCi(io.env);
}
