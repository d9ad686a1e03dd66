// The tool page's settings card, for the browser tests and the bench's browser sections alike: it starts as one
// summary line, so anything that chooses a setting opens it first.
import type { Page } from 'playwright-core';

/** Opens the settings card (a no-op when it is open). */
export async function openSettings(page: Page): Promise<void> {
  const toggle = page.getByTestId('settings-toggle');
  await toggle.waitFor(); // the workspace may still be loading (private mode's is loaded when switched on)
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId('settings-panel').waitFor();
}
