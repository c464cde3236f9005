import type { Terminal } from '@xterm/xterm';

/**
 * Which renderer draws a terminal (issue 16). xterm's WebGL renderer where the browser has WebGL on a real GPU;
 * the DOM renderer otherwise: without WebGL, on a software rasteriser (SwiftShader, llvmpipe: there WebGL is no
 * faster than the DOM and takes the CPU the data path needs), and after the WebGL context was lost.
 * `localStorage['akira.terminalRenderer']` (`webgl`, `dom`) overrides the pick, for tests and for a person
 * whose GPU driver misbehaves.
 */
export type RendererKind = 'webgl' | 'dom';

export const RENDERER_OVERRIDE_KEY = 'akira.terminalRenderer';

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render driver/i;

/** The pick, from the WebGL renderer's name (null: no WebGL2) and the override. */
export function pickRenderer(glRenderer: string | null, override?: string | null): RendererKind {
  if (override === 'dom') return 'dom';
  if (glRenderer === null) return 'dom';
  if (override === 'webgl') return 'webgl';
  return SOFTWARE_GL.test(glRenderer) ? 'dom' : 'webgl';
}

/** The name of the browser's WebGL2 renderer (the unmasked one where the browser tells it), null without WebGL2. */
export function glRendererName(): string | null {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return null;
  }
}

let cachedGl: string | null | undefined;

function overrideSetting(): string | null {
  try {
    return globalThis.localStorage?.getItem(RENDERER_OVERRIDE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Gives `term` (already opened) its renderer and reports it through `onRenderer` (again when WebGL falls back to
 * the DOM). The WebGL addon is loaded lazily, so pages that never use it do not download it. Returns a disposer.
 */
export function attachRenderer(term: Terminal, onRenderer: (kind: RendererKind) => void): () => void {
  let disposed = false;
  let dispose = () => undefined as void;
  onRenderer('dom');
  cachedGl ??= glRendererName();
  if (pickRenderer(cachedGl, overrideSetting()) === 'webgl') {
    import('@xterm/addon-webgl')
      .then(({ WebglAddon }) => {
        if (disposed) return;
        const addon = new WebglAddon();
        const fallBack = () => {
          addon.dispose();
          if (!disposed) onRenderer('dom');
        };
        addon.onContextLoss(fallBack);
        try {
          term.loadAddon(addon);
        } catch {
          return fallBack();
        }
        dispose = () => addon.dispose();
        onRenderer('webgl');
      })
      .catch(() => undefined);
  }
  return () => {
    disposed = true;
    dispose();
  };
}
