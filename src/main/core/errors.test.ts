import { describe, expect, it } from 'vitest';
import { AkiraError, toContractError } from './errors';

/** A Node file-system error as `fs` throws it: its message holds the absolute path. */
function fsError(code: string, syscall: string, path: string, dest?: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`${code}: failed, ${syscall} '${path}'${dest ? ` -> '${dest}'` : ''}`);
  return Object.assign(err, { code, syscall, path, ...(dest ? { dest } : {}) });
}

describe('toContractError', () => {
  it('keeps an AkiraError as it is', () => {
    expect(toContractError(new AkiraError('forbidden', 'no'))).toEqual({ code: 'forbidden', message: 'no' });
  });

  it.each([
    ['ENOENT', 'not_found', 'No such file or folder'],
    ['EACCES', 'forbidden', 'Permission denied'],
    ['ENAMETOOLONG', 'bad_request', 'File name too long'],
    ['ELOOP', 'bad_request', 'Too many levels of symbolic links'],
  ])('answers %s as %s, naming only the last name of the path', (errno, code, text) => {
    const error = toContractError(fsError(errno, 'open', '/srv/home/alice/project/src/app.ts'));
    expect(error).toEqual({ code, message: `${text} (app.ts)` });
  });

  it('never puts an absolute path in the message of other file-system errors', () => {
    const error = toContractError(fsError('EIO', 'rename', '/srv/home/alice/project/a.txt', '/srv/home/alice/project/b.txt'));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('EIO in rename (a.txt)');
    const long = toContractError(fsError('ENAMETOOLONG', 'open', `/srv/ws/${'x'.repeat(300)}`));
    expect(long).toMatchObject({ code: 'bad_request' });
    expect(long.message).not.toContain('/srv');
    expect(long.message.length).toBeLessThan(120);
  });

  it('leaves errors that name no path as they are', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(toContractError(refused)).toEqual({ code: 'internal', message: 'connect ECONNREFUSED 127.0.0.1:9' });
    expect(toContractError(new TypeError('boom'))).toEqual({ code: 'internal', message: 'boom' });
  });
});
