import type { Terminal } from '@xterm/xterm';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function copyWithExecCommand(text: string) {
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}

export function copyText(text: string): void {
  if (navigator.clipboard?.writeText) {
    navigator.clipboard.writeText(text).catch(() => copyWithExecCommand(text));
  } else {
    copyWithExecCommand(text);
  }
}

/**
 * Copy and paste keys for xterm's custom key handler. Copy: Ctrl+Shift+C (Cmd+C on macOS) with a
 * selection. Paste: Ctrl+Shift+V (Cmd+V): xterm leaves the key alone, so the browser's own paste
 * event reaches xterm's textarea (no clipboard permission needed). Plain Ctrl+C stays an interrupt.
 * Returns false when xterm must not handle the key.
 */
export function clipboardKeyHandler(term: Terminal): (event: KeyboardEvent) => boolean {
  return (event) => {
    const key = event.key.toLowerCase();
    const combo = isMac ? event.metaKey && !event.ctrlKey && !event.altKey : event.ctrlKey && event.shiftKey && !event.altKey;
    if (!combo || (key !== 'c' && key !== 'v')) return true;
    if (key === 'c') {
      if (event.type === 'keydown' && term.hasSelection()) copyText(term.getSelection());
      // Ctrl+Shift+C would open the browser's inspector.
      if (!isMac) event.preventDefault();
      return false;
    }
    return false;
  };
}
