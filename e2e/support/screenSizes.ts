/** The window sizes the screenshot specs shoot at: the default viewport (playwright.config.ts) and a small laptop's. */
export const SIZES = [
  { width: 1400, height: 860 },
  { width: 1100, height: 700 },
] as const;
