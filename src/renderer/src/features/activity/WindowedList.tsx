import { useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useText } from '../../i18n';
import { activityStrings } from './activityStrings';

interface Props<T> {
  items: readonly T[];
  keyOf(item: T): string;
  render(item: T): ReactNode;
  /** Height assumed for a card not measured yet. */
  estimate: number;
  /** Pixels rendered beyond each edge of the viewport. */
  overscan?: number;
  className?: string;
  testId?: string;
  /** Shown when the list is empty. */
  empty?: ReactNode;
  /** Above the first card (e.g. "N earlier cards were dropped"). */
  header?: ReactNode;
}

/** Within this many pixels of the bottom the list follows new cards. */
const FOLLOW_SLACK = 48;

/**
 * A vertical list that renders only the cards near the viewport (spacers stand for the rest) and measures
 * each rendered card (@tanstack/react-virtual: estimates for cards not measured yet, one ResizeObserver), so
 * cards of any height stay cheap by the thousand. It follows the end while the user is at the bottom, and
 * offers a jump back when they scrolled up and new cards arrived.
 */
export function WindowedList<T>({ items, keyOf, render, estimate, overscan = 600, className, testId, empty, header }: Props<T>) {
  const t = useText(activityStrings);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);

  const keys = useMemo(() => items.map(keyOf), [items, keyOf]);
  const getItemKey = useCallback((i: number) => keys[i], [keys]);
  const instance = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  // The library counts overscan in cards; this list's is in pixels (cards range from one line to a whole
  // terminal): the cards that intersect the viewport grown by `overscan` on each side.
  const rangeExtractor = useCallback(
    (range: Range) => {
      let { startIndex: start, endIndex: end } = range;
      const v = instance.current;
      const m = v?.measurementsCache;
      if (v && m && m.length === range.count) {
        const top = (v.scrollOffset ?? 0) - overscan;
        const bottom = (v.scrollOffset ?? 0) + (v.scrollRect?.height ?? 0) + overscan;
        while (start > 0 && m[start - 1].end > top) start--;
        while (end < range.count - 1 && m[end + 1].start < bottom) end++;
      }
      return Array.from({ length: end - start + 1 }, (_, i) => start + i);
    },
    [overscan],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    getItemKey,
    overscan: 0,
    rangeExtractor,
  });
  instance.current = virtualizer;
  const virtualItems = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();

  // Follow the end: after every layout change while following.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !followingRef.current) return;
    const bottom = el.scrollHeight - el.clientHeight;
    if (Math.abs(el.scrollTop - bottom) > 1) el.scrollTop = bottom;
  }, [total, items.length]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.clientHeight - el.scrollTop <= FOLLOW_SLACK;
    if (atBottom !== followingRef.current) {
      followingRef.current = atBottom;
      setFollowing(atBottom);
    }
  };

  const jump = () => {
    followingRef.current = true;
    setFollowing(true);
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  const first = virtualItems[0];
  const last = virtualItems[virtualItems.length - 1];
  return (
    <div className={`windowed ${className ?? ''}`}>
      {header}
      <div className="windowed-scroll" ref={scrollRef} onScroll={onScroll} data-testid={testId}>
        {items.length === 0 ? (
          empty
        ) : (
          <div style={{ paddingTop: first?.start ?? 0, paddingBottom: last ? total - last.end : total }}>
            {virtualItems.map((v) => (
              <div key={v.key} ref={virtualizer.measureElement} data-index={v.index} className="windowed-item">
                {render(items[v.index])}
              </div>
            ))}
          </div>
        )}
      </div>
      {!following && items.length > 0 && (
        <button className="windowed-jump" onClick={jump} data-testid="activity-jump">
          {t.latest}
        </button>
      )}
    </div>
  );
}
