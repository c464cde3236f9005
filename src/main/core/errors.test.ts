import { describe, expect, it } from 'vitest';
import { errorText, fileErrors } from '../../shared/errors';
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

  it('answers the words of an AkiraError given as words, its message the English text', () => {
    const error = new AkiraError('not_found', fileErrors.notFound('src/a.ts'), { currentHash: null });
    expect(error.message).toBe('No such file or folder: src/a.ts');
    expect(toContractError(error)).toEqual({
      code: 'not_found',
      message: 'No such file or folder: src/a.ts',
      details: { currentHash: null },
      words: { key: 'file.notFound', values: ['src/a.ts'] },
    });
    expect(errorText(toContractError(error), 'zh-CN')).toBe('没有这个文件或文件夹：src/a.ts');
  });

  it.each([
    ['ENOENT', 'not_found', 'No such file or folder', 'errnoNotFound', '没有这个文件或文件夹（app.ts）'],
    ['EACCES', 'forbidden', 'Permission denied', 'errnoPermission', '没有权限（app.ts）'],
    ['ENAMETOOLONG', 'bad_request', 'File name too long', 'errnoNameTooLong', '文件名过长（app.ts）'],
    ['ELOOP', 'bad_request', 'Too many levels of symbolic links', 'errnoLinkLoop', '符号链接层数过多（app.ts）'],
  ])('answers %s as %s, naming only the last name of the path, in words', (errno, code, text, key, chinese) => {
    const error = toContractError(fsError(errno, 'open', '/srv/home/alice/project/src/app.ts'));
    expect(error).toEqual({ code, message: `${text} (app.ts)`, words: { key: `file.${key}`, values: ['app.ts'] } });
    expect(errorText(error, 'zh-CN')).toBe(chinese);
  });

  it('never puts an absolute path in the message of other file-system errors', () => {
    const error = toContractError(fsError('EIO', 'rename', '/srv/home/alice/project/a.txt', '/srv/home/alice/project/b.txt'));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('EIO in rename (a.txt)');
    expect(error.words).toEqual({ key: 'file.errnoOther', values: ['EIO', 'rename', 'a.txt'] });
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
