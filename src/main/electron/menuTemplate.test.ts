import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { desktopStrings } from './desktopStrings';
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

});

/** The File menu built with actions that record what they are called with. */
function fileMenu(recentFolders: string[], options: { platform?: NodeJS.Platform; folderOpen?: boolean } = {}) {
  const calls: string[] = [];
  const template = menuTemplate(
    {
      recentFolders,
      openFolder: () => calls.push('openFolder'),
      openRecent: (folder) => calls.push(`openRecent ${folder}`),
      closeFolder: options.folderOpen === false ? null : () => calls.push('closeFolder'),
    },
    { platform: options.platform ?? 'linux', devTools: false },
  );
  const items = template.find((m) => m.label === 'File')!.submenu as MenuItemConstructorOptions[];
  const item = (label: string) => items.find((i) => i.label === label)!;
  const recent = item('Open Recent').submenu as MenuItemConstructorOptions[];
  const click = (entry: MenuItemConstructorOptions) => (entry.click as () => void)();
  return { template, items, item, recent, click, calls };
}

describe('File menu', () => {
  it('lists Open Folder… (Ctrl+O, ⌘O on macOS), Open Recent, Close Folder, then Quit (Close Window on macOS)', () => {
    const linux = fileMenu(['/a']);
    expect(linux.items.map((i) => i.label ?? i.role ?? i.type)).toEqual(['Open Folder…', 'Open Recent', 'Close Folder', 'separator', 'quit']);
    // CmdOrCtrl: Electron reads it as Ctrl on Linux and Windows, ⌘ on macOS.
    expect(linux.item('Open Folder…').accelerator).toBe('CmdOrCtrl+O');
    expect(linux.item('Open Recent').accelerator).toBeUndefined();
    expect(linux.item('Close Folder').accelerator).toBeUndefined();

    const mac = fileMenu(['/a'], { platform: 'darwin' });
    expect(mac.template.map((m) => m.label ?? m.role)).toEqual(['appMenu', 'File', 'Edit', 'View']);
    expect(mac.items.map((i) => i.label ?? i.role ?? i.type)).toEqual(['Open Folder…', 'Open Recent', 'Close Folder', 'separator', 'close']);
    expect(mac.item('Open Folder…').accelerator).toBe('CmdOrCtrl+O');
    expect(fileMenu(['/a'], { platform: 'win32' }).template.map((m) => m.label)).toEqual(['File', 'Edit', 'View']);
  });

  it('Open Folder… asks for a folder through its callback and nothing else', () => {
    const menu = fileMenu(['/a']);
    menu.click(menu.item('Open Folder…'));
    expect(menu.calls).toEqual(['openFolder']);
  });

  it('Open Recent lists the recent folders in order; each opens its own folder', () => {
    const folders = ['/home/me/code/akira', '/home/me/notes', '/srv/a folder with spaces'];
    const menu = fileMenu(folders);
    expect(menu.recent.map((r) => r.label)).toEqual(folders);
    expect(menu.recent.every((r) => r.enabled !== false)).toBe(true);
    menu.click(menu.recent[1]);
    menu.click(menu.recent[2]);
    menu.click(menu.recent[0]);
    expect(menu.calls).toEqual(['openRecent /home/me/notes', 'openRecent /srv/a folder with spaces', 'openRecent /home/me/code/akira']);
  });

  it('Open Recent with no recent folders has one disabled "No recent folders" item that does nothing', () => {
    const menu = fileMenu([]);
    expect(menu.recent).toHaveLength(1);
    expect(menu.recent[0]).toMatchObject({ label: 'No recent folders', enabled: false });
    expect(menu.recent[0].click).toBeUndefined();
  });

  it('Close Folder closes the open folder; with none open it is disabled', () => {
    const open = fileMenu(['/a']);
    expect(open.item('Close Folder').enabled).toBe(true);
    open.click(open.item('Close Folder'));
    expect(open.calls).toEqual(['closeFolder']);

    const none = fileMenu(['/a'], { folderOpen: false });
    expect(none.item('Close Folder').enabled).toBe(false);
    none.click(none.item('Close Folder'));
    expect(none.calls).toEqual([]);
  });
});

describe('the menu in Chinese', () => {
  it('names File, Edit, View and the File items in the words it is given; roles stay for the system to word', () => {
    const template = menuTemplate(
      { recentFolders: [], openFolder: () => undefined, openRecent: () => undefined, closeFolder: null },
      { platform: 'linux', devTools: false, words: desktopStrings['zh-CN'] },
    );
    expect(template.map((m) => m.label)).toEqual(['文件', '编辑', '视图']);
    const file = template[0].submenu as MenuItemConstructorOptions[];
    expect(file.map((i) => i.label ?? i.role ?? i.type)).toEqual(['打开文件夹…', '打开最近的文件夹', '关闭文件夹', 'separator', 'quit']);
    expect((file[1].submenu as MenuItemConstructorOptions[])[0]).toMatchObject({ label: '没有最近的文件夹', enabled: false });
    expect(roles(template)).toContain('undo');
  });
});
