import { join } from 'node:path';
import packageJson from '../../../package.json';
import { processIo } from '../cli/io';
import { runCli } from '../cli/main';
import { isLoopbackHost } from '../server/access';
import { startServer } from '../server/httpServer';

// The `akira` process: the CLI face, given the HTTP face for `akira serve`. Faces never import each other
// (an architecture test checks), so this entry is where they meet.
// Built to out/main/cli.js; the renderer is built next to it in out/renderer.
const io = processIo({ version: packageJson.version, staticDir: join(__dirname, '..', 'renderer') });

/** Exits once stdout and stderr are flushed (they are asynchronous on some platforms). */
function exit(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

runCli(process.argv.slice(2), io, { http: { start: startServer, isLoopbackHost } }).then(exit, (err: unknown) => {
  process.stderr.write(`akira: ${(err as Error)?.stack ?? String(err)}\n`);
  exit(1);
});
