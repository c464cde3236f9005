/**
 * The Terminal panel's height until the person drags it (issue 27 defect 15): 260 px in a tall window; in a short one
 * (under 860 px) a quarter of the height, at least 140 px, so the board above keeps room for its TODOs (at 1100×700
 * the old 260 px took 40% of the height and the board showed one and a half TODOs).
 */
export function defaultTerminalHeight(windowHeight: number): number {
  if (!Number.isFinite(windowHeight) || windowHeight <= 0 || windowHeight >= 860) return 260;
  return Math.max(140, Math.min(260, Math.round(windowHeight * 0.25)));
}
