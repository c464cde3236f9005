import { describe, expect, it } from 'vitest';
import { allowPrefixOf } from './allowPrefix';
import { decideCommand } from './commandPolicy';
import { resolvePolicy } from './policySchema';

describe('the prefix "Always allow" adds', () => {
  it('is the program and its subcommand, or what an interpreter runs', () => {
    expect(allowPrefixOf('npm test -- --watch')).toBe('npm test');
    expect(allowPrefixOf('git commit -m "x y"')).toBe('git commit');
    expect(allowPrefixOf('make')).toBe('make');
    expect(allowPrefixOf('cargo build --release')).toBe('cargo build');
    expect(allowPrefixOf('/usr/bin/ls -la src')).toBe('ls');
    expect(allowPrefixOf('node scripts/build.js --fast')).toBe('node scripts/build.js');
    expect(allowPrefixOf('npx vitest run src')).toBe('npx vitest');
    expect(allowPrefixOf('python -m pytest -q')).toBe('python -m pytest');
    expect(allowPrefixOf('timeout 10 npm run lint -- --fix')).toBe('npm run lint');
    expect(allowPrefixOf('FOO=1 pytest -x')).toBe('pytest');
  });

  it('is offered for nothing that would allow more than it names', () => {
    for (const line of ['a && b', 'ls | wc -l', 'bash -c "ls"', 'sh script.sh', 'node -e "1"', 'node', 'sudo npm test', 'eval "$X"', 'echo $(whoami)', '$CMD run', 'xargs rm']) {
      expect(allowPrefixOf(line), line).toBeNull();
    }
  });

  it('once on the allow list, later runs with other arguments pass; other commands still ask, destructive ones too', () => {
    const policy = resolvePolicy(undefined, { commands: { allow: [allowPrefixOf('npm test -- --watch')!] } });
    expect(decideCommand('npm test -- --coverage', policy).decision).toBe('allow');
    expect(decideCommand('npm publish', policy).decision).toBe('ask');
    expect(decideCommand('npm test && rm -rf /', policy).decision).not.toBe('allow');
  });
});
