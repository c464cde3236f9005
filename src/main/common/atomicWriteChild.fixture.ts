import { writeFileAtomic } from './atomicWrite';
import { VERSIONS } from './atomicWriteVersions.fixture';

/**
 * Test-only child process (atomicWrite.crash.test.ts bundles it and runs it in a plain `node`): rewrites
 * the file given as argv[2] with writeFileAtomic in a tight loop, cycling through VERSIONS (a string, a
 * Buffer, a list of chunks) from the one numbered argv[3], printing `ready` after the first write, until
 * it is killed.
 */
async function main(): Promise<void> {
  const [path, first] = process.argv.slice(2);
  for (let i = Number(first); ; i++) {
    const version = VERSIONS[i % VERSIONS.length];
    await writeFileAtomic(path, version.data(), 0o600);
    if (i === Number(first)) process.stdout.write('ready\n');
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
