import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe for a page of the app: every e2e accessibility check starts here.
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode injects axe into the page twice,
 * runs each frame's part, then opens a blank page of its own, injects axe a third time there and
 * merges the parts in it: on the CI machine 2–5 s per check against 1–2.5 s, for the same result
 * here, because the app has no cross-origin frames (the only thing legacy mode leaves out;
 * same-origin frames are still checked). The sweep alone runs about 120 checks.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}
