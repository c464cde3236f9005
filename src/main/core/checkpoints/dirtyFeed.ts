import { isAbsolute, relative, sep } from 'node:path';

/**
 * The change feed: callers (the workspace watcher) report changed paths so a checkpoint can examine
 * only those instead of walking the tree. It is trusted only when the caller has declared it complete
 * (every change is reported, e.g. the watcher covers the whole tree) continuously since the scan the
 * stat cache was built from started; otherwise, or after `markAllDirty()`, the next checkpoint walks.
 * Bounded: more than `maxPaths` distinct paths pending (a storm of new names) drops them and marks
 * everything dirty (the next checkpoint walks); while everything is dirty, paths are not kept at all.
 */

export interface DirtyFeed {
  markDirty(paths: Iterable<string>): void;
  markAllDirty(): void;
  setComplete(complete: boolean): void;
  /**
   * The paths to examine for the next snapshot, or null when a full walk is needed. `validFrom` is
   * when the scan behind the current stat cache started (0 when unknown). Clears what it returns.
   */
  take(validFrom: number): string[] | null;
  /** A snapshot that took paths failed: they must not be lost. */
  restore(paths: string[] | null): void;
  /** Paths pending now (0 while everything is dirty). */
  size(): number;
}

export const MAX_DIRTY_PATHS = 10_000;

export function createDirtyFeed(root: string, maxPaths = MAX_DIRTY_PATHS): DirtyFeed {
  let complete = false;
  let completeSince = Number.POSITIVE_INFINITY;
  let allDirty = true;
  let dirty = new Set<string>();

  function toRel(p: string): string | null {
    const rel = isAbsolute(p) ? relative(root, p) : p;
    if (!rel || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
    const posix = (sep === '/' ? rel : rel.split(sep).join('/')).replace(/\/+$/, '').replace(/^\.\//, '');
    return posix || null;
  }

  function overflowIfBig() {
    if (dirty.size > maxPaths) {
      allDirty = true;
      dirty = new Set();
    }
  }

  return {
    markDirty(paths) {
      if (allDirty) return; // the next checkpoint walks anyway
      for (const p of paths) {
        const rel = toRel(p);
        if (rel) dirty.add(rel);
      }
      overflowIfBig();
    },
    markAllDirty() {
      allDirty = true;
      dirty = new Set();
    },
    setComplete(value) {
      if (value && !complete) completeSince = Date.now();
      if (!value) {
        completeSince = Number.POSITIVE_INFINITY;
        allDirty = true;
        dirty = new Set();
      }
      complete = value;
    },
    take(validFrom) {
      const usable = complete && !allDirty && validFrom > 0 && completeSince <= validFrom;
      const paths = [...dirty];
      dirty = new Set();
      allDirty = false;
      return usable ? paths : null;
    },
    restore(paths) {
      if (paths === null) allDirty = true;
      if (paths === null || allDirty) return void (dirty = new Set());
      for (const p of paths) dirty.add(p);
      overflowIfBig();
    },
    size: () => dirty.size,
  };
}
