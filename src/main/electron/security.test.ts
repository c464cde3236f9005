import { EventEmitter } from 'node:events';
import type { App, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { createAppUrlCheck } from './navigation';
import { guardAllWebContents, hardenContents } from './security';

/** A webContents stand-in: the events hardenContents listens to and setWindowOpenHandler. */
class FakeContents extends EventEmitter {
  windowOpen: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpen = handler;
  }
  /** Emits like Electron: will-frame-navigate first; will-navigate for the main frame unless prevented. */
  navigate(url: string, isMainFrame: boolean): boolean {
    let prevented = false;
    const event = { url, isMainFrame, preventDefault: () => (prevented = true) };
    this.emit('will-frame-navigate', event);
    if (!prevented && isMainFrame) this.emit('will-navigate', event, url);
    return !prevented;
  }
  prevented(name: string): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) });
    return prevented;
  }
}

function guarded() {
  const contents = new FakeContents();
  const external: string[] = [];
  hardenContents(contents as unknown as WebContents, { isAppUrl: createAppUrlCheck(null), openExternal: (url) => void external.push(url) });
  return { contents, external };
}

describe('webContents guard', () => {
  it('denies navigation away from the app in every frame; a main-frame link goes to openExternal once', () => {
    const { contents, external } = guarded();
    expect(contents.navigate('akira://app/index.html', true)).toBe(true);
    expect(contents.navigate('akira://app/other.html', false)).toBe(true);
    expect(contents.navigate('https://example.com/', true)).toBe(false);
    expect(contents.navigate('https://example.com/frame', false)).toBe(false);
    expect(contents.navigate('file:///etc/passwd', true)).toBe(false);
    expect(external).toEqual(['https://example.com/']);
  });

  it('denies new windows (handing http(s) links to openExternal), redirects and <webview>', () => {
    const { contents, external } = guarded();
    expect(contents.windowOpen?.({ url: 'https://example.com/w' })).toEqual({ action: 'deny' });
    expect(contents.windowOpen?.({ url: 'akira://app/index.html' })).toEqual({ action: 'deny' });
    expect(external).toEqual(['https://example.com/w', 'akira://app/index.html']); // openExternal refuses what is not http(s)
    expect(contents.prevented('will-attach-webview')).toBe(true);
    expect(contents.prevented('will-redirect')).toBe(true);
  });

  it('guards every webContents the app creates', () => {
    const app = new EventEmitter();
    guardAllWebContents(app as unknown as App, { isAppUrl: createAppUrlCheck(null), openExternal: () => undefined });
    const contents = new FakeContents();
    app.emit('web-contents-created', {}, contents);
    expect(contents.windowOpen).not.toBeNull();
    expect(contents.navigate('https://example.com/', false)).toBe(false);
    expect(contents.prevented('will-attach-webview')).toBe(true);
  });
});
