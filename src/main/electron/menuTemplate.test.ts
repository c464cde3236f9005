import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { devToolsAllowed, menuTemplate } from './menuTemplate';

const actions = { recentFolders: ['/a'], openFolder: () => undefined, openRecent: () => undefined };

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('application menu', () => {
  it('has Toggle Developer Tools only in development or with AKIRA_DEVTOOLS=1', () => {
    expect(devToolsAllowed(false, {})).toBe(true);
    expect(devToolsAllowed(true, {})).toBe(false);
    expect(devToolsAllowed(true, { AKIRA_DEVTOOLS: '1' })).toBe(true);
    expect(devToolsAllowed(true, { AKIRA_DEVTOOLS: '0' })).toBe(false);

    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const production = roles(menuTemplate(actions, { platform, devTools: devToolsAllowed(true, {}) }));
      expect(production, platform).not.toContain('toggleDevTools');
      expect(production).toEqual(expect.arrayContaining(['reload', 'copy', 'paste', 'zoomIn']));
      expect(roles(menuTemplate(actions, { platform, devTools: true }))).toContain('toggleDevTools');
    }
  });

  it('File has Open Folder…, the recent folders and Close Folder (enabled with a folder open)', () => {
    const file = menuTemplate(actions, { platform: 'linux', devTools: false }).find((m) => m.label === 'File')!;
    const items = file.submenu as MenuItemConstructorOptions[];
    expect(items.map((i) => i.label ?? i.role ?? i.type)).toEqual(['Open Folder…', 'Open Recent', 'Close Folder', 'separator', 'quit']);
    expect((items[1].submenu as MenuItemConstructorOptions[]).map((i) => i.label)).toEqual(['/a']);
    expect(items[2].enabled).toBe(false);
    let closed = 0;
    const withFolder = menuTemplate({ ...actions, closeFolder: () => closed++ }, { platform: 'linux', devTools: false }).find((m) => m.label === 'File')!;
    const close = (withFolder.submenu as MenuItemConstructorOptions[])[2];
    expect(close.enabled).toBe(true);
    (close.click as () => void)();
    expect(closed).toBe(1);
  });
});
