import { type BrowserServer, chromium } from 'playwright-core';

// Debian's Chromium, never a downloaded browser. Flags keep it off the (closed) network.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Chromium for a shard's files, which connect to it (browser.ts `launch`). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS });
}
