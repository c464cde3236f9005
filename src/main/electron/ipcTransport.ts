import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc';
import type { Core } from '../core/createCore';
import type { RouterAnswer } from '../core/router';

export interface IpcTransportOptions {
  core: Pick<Core, 'router' | 'bus'>;
  window(): BrowserWindow | null;
  /** Is this the URL of our renderer (akira://app/… or the dev server)? */
  isAppUrl(url: string): boolean;
}

/** Only the main frame of our window, showing our renderer, may call the core. */
function trustedSender(event: IpcMainInvokeEvent, win: BrowserWindow | null, isAppUrl: (url: string) => boolean): boolean {
  if (!win || win.isDestroyed() || event.sender !== win.webContents) return false;
  const frame = event.senderFrame;
  const main = win.webContents.mainFrame;
  if (!frame || frame.processId !== main.processId || frame.routingId !== main.routingId) return false;
  return isAppUrl(frame.url);
}

/**
 * The desktop transport: `akira:invoke` → router (validated like every face), every bus event
 * pushed to the window on `akira:event` with its envelope. Returns a function that removes both.
 */
export function registerIpcTransport(options: IpcTransportOptions): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, name: unknown, input: unknown): Promise<RouterAnswer> => {
    if (!trustedSender(event, options.window(), options.isAppUrl)) {
      return { error: { code: 'forbidden', message: 'Refused: the request did not come from the Akira window' } };
    }
    return options.core.router.handle(name, input, { face: 'desktop' });
  });
  const unsubscribe = options.core.bus.subscribe((envelope) => {
    const win = options.window();
    if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, envelope);
  });
  return () => {
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
    unsubscribe();
  };
}
