import fs from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';

/**
 * Debian's Chromium for the browser tests (never a downloaded browser): .ci/run installs it
 * when missing; without it the browser suites are skipped and their titles say why.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = fs.existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is not installed`;

/**
 * A headless Chromium with its own profile directory, making no request of its own (no
 * updates, sync or background networking): only the pages a test opens reach the network.
 */
export function launchChromium(
  profile: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    ...options,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
