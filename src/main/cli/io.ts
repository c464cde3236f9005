/** What the CLI touches outside itself, so commands can be run in-process by tests. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  version: string;
  /** The built renderer that `akira serve` serves. */
  staticDir: string;
  /** Resolves with the signal's name when the process is asked to stop (SIGINT, SIGTERM). */
  waitForStop(): Promise<string>;
}

export function processIo(options: { version: string; staticDir: string }): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    version: options.version,
    staticDir: options.staticDir,
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
