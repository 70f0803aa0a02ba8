import path from 'node:path';
import { describe, expect, it } from 'vitest';
import i18n, { addPageTexts } from './index';
import { zhCN } from './zh-CN';

describe('addPageTexts', () => {
  it('adds a page area in both languages, whether English loaded before or after the page', async () => {
    addPageTexts({ areaOne: { title: '甲' } }, { areaOne: { title: 'One' } });
    expect(i18n.t('areaOne.title', { lng: 'zh-CN' })).toBe('甲');
    await i18n.changeLanguage('en-US');
    // the English of the first load is still there, and the page's own
    expect(i18n.t('areaOne.title')).toBe('One');
    expect(i18n.t('common.cancel')).toBe('Cancel');
    addPageTexts({ areaTwo: { title: '乙' } }, { areaTwo: { title: 'Two' } });
    expect(i18n.t('areaTwo.title')).toBe('Two');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('areaTwo.title')).toBe('乙');
  });
});

/*
 * The shape of page texts (docs/DECISIONS.md): an area's folder holds texts.zh-CN.ts and texts.en-US.ts, one
 * object each, and areaTexts.ts, which adds them. These checks read the sources as text.
 */
type Texts = Record<string, unknown>;
const at = (key: string) => path.posix.normalize(`src/i18n/${key}`);
const globbed = <T>(files: Record<string, T>) => new Map(Object.entries(files).map(([k, v]) => [at(k), v]));

const zhFiles = globbed(import.meta.glob<Record<string, Texts>>('../**/texts.zh-CN.ts', { eager: true }));
const enFiles = globbed(import.meta.glob<Record<string, Texts>>('../**/texts.en-US.ts', { eager: true }));
const sources = globbed(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

/** The one object a texts file exports. */
const only = (module: Record<string, Texts>): Texts => {
  const values = Object.values(module);
  expect(values).toHaveLength(1);
  return values[0];
};
const areas = [...zhFiles].map(([file, module]) => {
  const dir = path.posix.dirname(file);
  return { dir, zh: only(module), en: only(enFiles.get(`${dir}/texts.en-US.ts`) ?? {}) };
});

const keysOf = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null
    ? Object.entries(o).flatMap(([k, v]) => keysOf(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];

/** Where a relative import of `from` points, among the sources. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((x) => base + x).find((f) => sources.has(f)) ?? null;
}
// Imports that run the module (type-only ones do not), and the modules loaded lazily (chunk entries).
const STATIC = /^\s*(?:import|export)(?!\s+type\s)(?:[^'";]*?\sfrom)?\s*['"]([^'"]+)['"]/gm;
const LAZY = /import\(\s*['"]([^'"]+)['"]\s*\)/g;
const imports = new Map<string, Set<string>>();
const importers = new Map<string, string[]>();
const lazyEntries = new Set<string>();
for (const [file, text] of sources) {
  const targets = [...text.matchAll(STATIC)].map((m) => resolve(file, m[1])).filter((f) => f !== null);
  imports.set(file, new Set(targets));
  for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
  for (const m of text.matchAll(LAZY)) {
    const target = resolve(file, m[1]);
    if (target) lazyEntries.add(target);
  }
}

/** Whether running `file` runs `registration` first: it, or a module it imports, imports that. */
function importsFirst(file: string, registration: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  return [...(imports.get(file) ?? [])].some((f) => f === registration || importsFirst(f, registration, seen));
}

/**
 * A module's texts are there when it runs: its own imports bring their registration, or every module that
 * imports it has them (a lazily loaded module is the start of a chunk: its own imports must bring them).
 */
function registers(file: string, registration: string, seen = new Set<string>()): boolean {
  if (importsFirst(file, registration)) return true;
  const by = importers.get(file) ?? [];
  if (lazyEntries.has(file) || by.length === 0 || seen.has(file)) return false;
  seen.add(file);
  return by.every((f) => registers(f, registration, seen));
}

describe('page texts', () => {
  it('finds the areas', () => {
    expect(areas.length).toBeGreaterThan(10);
  });

  it.each(areas.map((a) => [a.dir, a] as const))(
    '%s: both languages have the same keys, added by areaTexts.ts',
    (dir, a) => {
      expect(keysOf(a.en).sort()).toEqual(keysOf(a.zh).sort());
      expect(sources.has(`${dir}/areaTexts.ts`), `${dir}/areaTexts.ts`).toBe(true);
    },
  );

  it('gives every top-level key one home: the shell or one area', () => {
    const homes = [Object.keys(zhCN), ...areas.map((a) => Object.keys(a.zh))].flat();
    expect(homes.filter((k, i) => homes.indexOf(k) !== i)).toEqual([]);
  });

  it("brings an area's texts with every module that uses them", () => {
    const missing: string[] = [];
    for (const { dir, zh } of areas) {
      const used = new RegExp(`['"\`](${Object.keys(zh).join('|')})\\.[\\w$]`);
      const registration = `${dir}/areaTexts.ts`;
      for (const [file, text] of sources) {
        if (/\/(texts\.(zh-CN|en-US)|areaTexts)\.ts$/.test(file) || !used.test(text)) continue;
        if (!registers(file, registration)) missing.push(`${file} uses ${dir}'s texts`);
      }
    }
    expect(missing).toEqual([]);
  });
});
