import { useRef } from 'react';

/** A horizontal drag handle; reports vertical movement in pixels. */
export function Splitter({ onDrag }: { onDrag: (dy: number) => void }) {
  const last = useRef(0);
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="horizontal"
      onPointerDown={(e) => {
        last.current = e.clientY;
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
        onDrag(e.clientY - last.current);
        last.current = e.clientY;
      }}
    />
  );
}
