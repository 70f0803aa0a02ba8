import { readdirSync, readFileSync } from 'node:fs';

/** Command lines of the running processes that name `text` (the scene's folder names the publisher). */
export function processesNaming(text: string): string[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((pid) => {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmd.includes(text) && !cmd.includes('vitest') ? [cmd] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
}

/** Waits until `check` holds or `ms` passed (running `step` between looks); answers whether it held. */
export async function eventually(check: () => boolean, ms: number, step?: () => Promise<void>): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    await step?.();
  }
  return check();
}
