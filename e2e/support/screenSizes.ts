/** The window sizes the screenshot specs shoot at: the default viewport (playwright.config.ts) and a small laptop's. */
export const SIZES = [
  { width: 1400, height: 860 },
  { width: 1100, height: 700 },
] as const;

/** Screenshots of the page at each size into the test's output folder (`<name>-1400x860.png` …), back at the default size after. */
export async function shootAtSizes(page: import('@playwright/test').Page, testInfo: import('@playwright/test').TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}
