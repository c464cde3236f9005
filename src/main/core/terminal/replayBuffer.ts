/**
 * The most recent output of a terminal, bounded to `capacity` characters, for clients that attach late
 * (a reloaded page). Offsets count every character ever pushed, so a caller can ask what it missed.
 */
export interface ReplayBuffer {
  push(data: string): void;
  /** Everything kept, oldest first. */
  text(): string;
  /** Offset just past the newest character. */
  end(): number;
  /** What was pushed from `offset` on; `gap` when part of it was already dropped. */
  since(offset: number): { data: string; gap: boolean };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

export function createReplayBuffer(capacity = 256 * 1024): ReplayBuffer {
  let chunks: string[] = [];
  let size = 0;
  let total = 0;

  function trim() {
    while (size > capacity && chunks.length > 0) {
      const first = chunks[0];
      const excess = size - capacity;
      if (first.length <= excess) {
        chunks.shift();
        size -= first.length;
        continue;
      }
      let cut = excess;
      if (isLowSurrogate(first.charCodeAt(cut))) cut++; // never keep half a pair
      chunks[0] = first.slice(cut);
      size -= cut;
    }
  }

  function text(): string {
    if (chunks.length > 1) chunks = [chunks.join('')];
    return chunks[0] ?? '';
  }

  return {
    push(data) {
      if (!data) return;
      chunks.push(data);
      size += data.length;
      total += data.length;
      trim();
      if (chunks.length > 256) chunks = [chunks.join('')];
    },
    text,
    end: () => total,
    since(offset) {
      const start = total - size;
      if (offset >= total) return { data: '', gap: false };
      if (offset < start) return { data: text(), gap: true };
      return { data: text().slice(offset - start), gap: false };
    },
  };
}
