import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { layoutList, totalHeight, visibleRange } from './windowing';

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
 * each rendered card, so cards of any height stay cheap by the thousand. It follows the end while the user
 * is at the bottom, and offers a jump back when they scrolled up and new cards arrived.
 */
export function WindowedList<T>({ items, keyOf, render, estimate, overscan = 600, className, testId, empty, header }: Props<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measureVersion, setMeasureVersion] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);
  const pendingMeasure = useRef<number | null>(null);

  const keys = useMemo(() => items.map(keyOf), [items, keyOf]);
  // measureVersion stands for the heights map (a ref: measuring must not render by itself).
  const layout = useMemo(() => layoutList(keys, heights.current, estimate), [keys, estimate, measureVersion]);
  const [start, end] = visibleRange(layout, scrollTop, viewport, overscan);
  const total = totalHeight(layout);

  // One ResizeObserver for every rendered card; changes are applied once per frame.
  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const el = entry.target as HTMLElement;
              const key = el.dataset.windowKey;
              if (!key || !el.isConnected) continue;
              const h = el.offsetHeight;
              if (heights.current.get(key) !== h) {
                heights.current.set(key, h);
                changed = true;
              }
            }
            if (changed && pendingMeasure.current === null) {
              pendingMeasure.current = requestAnimationFrame(() => {
                pendingMeasure.current = null;
                setMeasureVersion((v) => v + 1);
              });
            }
          }),
    [],
  );
  useEffect(
    () => () => {
      observer?.disconnect();
      if (pendingMeasure.current !== null) cancelAnimationFrame(pendingMeasure.current);
    },
    [observer],
  );

  const measure = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !observer) return;
      observer.observe(el);
      return () => observer.unobserve(el);
    },
    [observer],
  );

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setViewport(el.clientHeight);
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Follow the end: after every layout change while following.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !followingRef.current) return;
    const bottom = el.scrollHeight - el.clientHeight;
    if (Math.abs(el.scrollTop - bottom) > 1) {
      el.scrollTop = bottom;
      setScrollTop(el.scrollTop);
    }
  }, [total, items.length]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    setScrollTop(el.scrollTop);
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

  return (
    <div className={`windowed ${className ?? ''}`}>
      {header}
      <div className="windowed-scroll" ref={scrollRef} onScroll={onScroll} data-testid={testId}>
        {items.length === 0 ? (
          empty
        ) : (
          <div style={{ paddingTop: layout.offsets[start], paddingBottom: total - layout.offsets[end] }}>
            {items.slice(start, end).map((item, i) => {
              const key = keys[start + i];
              return (
                <div key={key} ref={measure} data-window-key={key} className="windowed-item">
                  {render(item)}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {!following && items.length > 0 && (
        <button className="windowed-jump" onClick={jump} data-testid="activity-jump">
          ↓ Latest
        </button>
      )}
    </div>
  );
}
