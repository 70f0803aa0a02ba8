// Zod compiles fast parsers with `new Function` when it may, and probes for that when its schemas are
// built. The console's content security policy forbids eval (script-src 'self'), and even the probe
// is reported as a violation. Zod reads this object when it loads; a classic script runs before the
// console's modules, so every schema is built without eval.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
