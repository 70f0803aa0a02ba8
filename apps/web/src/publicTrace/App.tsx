import type { PublicTreeAnswer } from '@farmpark/contracts';
import { useCallback, useEffect, useState } from 'react';
import { type PageKind, type ProductAnswer, readProduct, readTree } from './api';
import { ProductPage } from './ProductPage';
import { Failed, Loading } from './parts';
import { TreePage } from './TreePage';
import type { Lang, PublicTexts } from './texts';

type State =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'product'; answer: ProductAnswer }
  | { kind: 'tree'; answer: PublicTreeAnswer };

/** One lookup per visit of the page; a failed one can be tried again without reloading. */
export function App({ page, code, lang, t }: { page: PageKind; code: string; lang: Lang; t: PublicTexts }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const load = useCallback(() => {
    setState({ kind: 'loading' });
    const work =
      page === 'OC'
        ? readProduct(code, lang).then((answer): State => ({ kind: 'product', answer }))
        : readTree(code, lang).then((answer): State => ({ kind: 'tree', answer }));
    work.then(setState, () => setState({ kind: 'failed' }));
  }, [page, code, lang]);
  useEffect(() => {
    if (code) load();
  }, [code, load]);

  return (
    <main className="pt-page" data-page={page}>
      <div className="pt-brand">{t.title[page]}</div>
      {!code ? (
        <div className="pt-warning" role="alert">
          {t.noCode}
        </div>
      ) : state.kind === 'loading' ? (
        <Loading t={t} />
      ) : state.kind === 'failed' ? (
        <Failed t={t} onRetry={load} />
      ) : state.kind === 'product' ? (
        <ProductPage answer={state.answer} lang={lang} t={t} />
      ) : (
        <TreePage answer={state.answer} lang={lang} t={t} />
      )}
    </main>
  );
}
