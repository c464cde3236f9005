import { spawn } from 'node:child_process';

/** Opens a URL in the system browser; failures are reported, never fatal. */
export function openBrowser(url: string, onError: (message: string) => void): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', (err) => onError(`Could not open a browser (${err.message}); open the URL yourself.`));
    child.unref();
  } catch (err) {
    onError(`Could not open a browser (${(err as Error).message}); open the URL yourself.`);
  }
}
