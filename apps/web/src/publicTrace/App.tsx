import type { PublicTreeAnswer } from '@farmpark/contracts';
import { useCallback, useEffect, useState } from 'react';
import { type PageKind, type PageQuery, type ProductAnswer, readProduct, readTree } from './api';
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
export function App(props: { page: PageKind; query: PageQuery; lang: Lang; t: PublicTexts }) {
  const { page, lang, t } = props;
  const { code, gtin, lot } = props.query;
  const [state, setState] = useState<State>({ kind: 'loading' });
  // /OC without a code but with a GTIN is a product's page (GS1 Digital Link `/01/{gtin}`)
  const asked = code !== '' || (page === 'OC' && !!gtin);
  const load = useCallback(() => {
    setState({ kind: 'loading' });
    const query = { code, gtin, lot };
    const work =
      page === 'OC'
        ? readProduct(query, lang).then((answer): State => ({ kind: 'product', answer }))
        : readTree(query, lang).then((answer): State => ({ kind: 'tree', answer }));
    work.then(setState, () => setState({ kind: 'failed' }));
  }, [page, code, gtin, lot, lang]);
  useEffect(() => {
    if (asked) load();
  }, [asked, load]);

  return (
    <main className="pt-page" data-page={page}>
      <div className="pt-brand">{t.title[page]}</div>
      {!asked ? (
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
