import { describe, expect, it } from 'vitest';
import { baseName, crumbsOf, isUnder } from './folderCrumbs';

describe('crumbsOf', () => {
  const roots = [
    { name: 'Home', path: '/home/me' },
    { name: 'app', path: '/home/me/code/app' },
  ];

  it('starts at the deepest root that holds the folder', () => {
    expect(crumbsOf('/home/me/code', roots)).toEqual([
      { name: 'Home', path: '/home/me' },
      { name: 'code', path: '/home/me/code' },
    ]);
    expect(crumbsOf('/home/me/code/app/src', roots)).toEqual([
      { name: 'app', path: '/home/me/code/app' },
      { name: 'src', path: '/home/me/code/app/src' },
    ]);
    expect(crumbsOf('/home/me', roots)).toEqual([{ name: 'Home', path: '/home/me' }]);
  });

  it('does not take a sibling with the same prefix for a folder inside', () => {
    expect(isUnder('/home/me', '/home/meg')).toBe(false);
    expect(crumbsOf('/home/meg/x', roots)).toEqual([{ name: '/home/meg/x', path: '/home/meg/x' }]);
  });

  it('keeps Windows separators and a root at a drive', () => {
    expect(crumbsOf('C:\\Users\\me\\code', [{ name: 'Home', path: 'C:\\Users\\me' }])).toEqual([
      { name: 'Home', path: 'C:\\Users\\me' },
      { name: 'code', path: 'C:\\Users\\me\\code' },
    ]);
    expect(crumbsOf('/srv/x', [{ name: '/', path: '/' }]).map((c) => c.path)).toEqual(['/', '/srv', '/srv/x']);
  });

  it('names a folder by its last name', () => {
    expect(baseName('/home/me/code/')).toBe('code');
    expect(baseName('C:\\a\\b')).toBe('b');
  });
});
