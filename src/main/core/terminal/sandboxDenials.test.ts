import { describe, expect, it } from 'vitest';
import { sandboxDenials } from './sandboxDenials';

const where = { root: '/work/project', home: '/home/dev' };

describe('sandboxDenials', () => {
  it('reads what common tools print when the sandbox refuses a write or a read', () => {
    const output = [
      "bash: /etc/hosts: Read-only file system",
      '/bin/bash: line 1: /var/tmp/out/planted.txt: Read-only file system',
      "touch: cannot touch '/home/dev/.bashrc': Read-only file system",
      "cp: cannot create regular file '/opt/x': Read-only file system",
      "Error: EROFS: read-only file system, open '/usr/local/lib/x.js'",
      "cat: /home/dev/.ssh/id_rsa: Permission denied",
      "PermissionError: [Errno 13] Permission denied: '/home/dev/.aws/credentials'",
      "Error: EACCES: permission denied, open '/home/dev/.npmrc'",
      'mkdir: cannot create directory ‘/srv/data’: Read-only file system',
    ].join('\n');
    expect(sandboxDenials(output, where)).toEqual([
      { kind: 'write', path: '/etc/hosts' },
      { kind: 'write', path: '/var/tmp/out/planted.txt' },
      { kind: 'write', path: '/home/dev/.bashrc' },
      { kind: 'write', path: '/opt/x' },
      { kind: 'write', path: '/usr/local/lib/x.js' },
      { kind: 'read', path: '/home/dev/.ssh/id_rsa' },
      { kind: 'read', path: '/home/dev/.aws/credentials' },
      { kind: 'read', path: '/home/dev/.npmrc' },
      { kind: 'write', path: '/srv/data' },
    ]);
  });

  it('ignores the workspace’s own permission errors, lines without a path, and repeats', () => {
    const output = [
      'bash: ./run.sh: Permission denied',
      "cat: /work/project/secret.txt: Permission denied",
      'Permission denied (publickey).',
      'bash: /etc/hosts: Read-only file system',
      'bash: /etc/hosts: Read-only file system',
      'all good',
    ].join('\n');
    expect(sandboxDenials(output, where)).toEqual([{ kind: 'write', path: '/etc/hosts' }]);
  });
});
