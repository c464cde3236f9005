/**
 * Collects pty output and hands it on in batches: about every `intervalMs`, or at once when more than
 * `maxChars` are waiting. A batch never ends between the two halves of a UTF-16 surrogate pair.
 */
export interface OutputCoalescer {
  push(data: string): void;
  /** Hands on everything waiting now (e.g. before an exit is announced). */
  flush(): void;
  pendingChars(): number;
  dispose(): void;
}

export interface CoalescerOptions {
  intervalMs?: number;
  maxChars?: number;
  onFlush(data: string): void;
}

function endsWithHighSurrogate(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff;
}

export function createOutputCoalescer({ intervalMs = 5, maxChars = 64 * 1024, onFlush }: CoalescerOptions): OutputCoalescer {
  let parts: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | null = null;

  function take(all: boolean): string {
    let text = parts.length === 1 ? parts[0] : parts.join('');
    parts = [];
    size = 0;
    if (!all && text.length > 1 && endsWithHighSurrogate(text)) {
      parts = [text.slice(-1)];
      size = 1;
      text = text.slice(0, -1);
    }
    return text;
  }

  function emit(all: boolean) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (size === 0) return;
    const text = take(all);
    if (text) onFlush(text);
    if (size > 0 && !all) timer = setTimeout(() => emit(false), intervalMs);
  }

  return {
    push(data) {
      if (!data) return;
      parts.push(data);
      size += data.length;
      if (size >= maxChars) emit(false);
      else if (!timer) timer = setTimeout(() => emit(false), intervalMs);
    },
    flush: () => emit(true),
    pendingChars: () => size,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      parts = [];
      size = 0;
    },
  };
}
