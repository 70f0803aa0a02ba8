import { type ComponentType, lazy } from 'react';
import { showChunkLoadError } from './chunkError';

/**
 * A lazily loaded page. When its chunk cannot be fetched (typically: a new release replaced the
 * hashed files), SPEC §4 asks to say so and reload; the page renders nothing meanwhile.
 */
// biome-ignore lint/suspicious/noExplicitAny: mirrors React.lazy's own signature
export function lazyPage<P extends Record<string, any> = Record<string, never>>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(() =>
    loader().catch((err: unknown) => {
      console.error('[router] page chunk failed to load', err);
      showChunkLoadError();
      return { default: (() => null) as ComponentType<P> };
    }),
  ) as unknown as ComponentType<P>;
}

/** A page that is a named export of a section's module (the section's pages share one chunk). */
export function lazyNamed<M>(loader: () => Promise<M>, name: keyof M): ComponentType {
  return lazyPage(async () => ({ default: (await loader())[name] as ComponentType }));
}
