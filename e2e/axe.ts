import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe for a page of the app: every e2e accessibility check starts here.
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode injects axe into the page twice,
 * runs each frame's part, then opens a blank page of its own, injects axe a third time there and
 * merges the parts in it: 2.1–5.1 s per check against 1.0–2.6 s on the 2-core machine (28 Nov),
 * for the same result here, because the app has no cross-origin frames (the only thing legacy mode
 * leaves out; same-origin frames are still checked). The sweep runs one check per route, role and
 * colour scheme.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}
