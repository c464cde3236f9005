import { spawn } from 'node:child_process';

/** Opens a URL in the system browser; failures are reported (with the error's own message), never fatal. */
export function openBrowser(url: string, onError: (error: string) => void): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', (err) => onError(err.message));
    child.unref();
  } catch (err) {
    onError((err as Error).message);
  }
}
