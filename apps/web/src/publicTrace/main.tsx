import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { pickLang, textsOf } from './texts';
import './publicTrace.css';

// /OC?code= (one item one code; a GS1 Digital Link adds &gtin=&lot=, or only gtin for the product) or /TC?code=
// (one tree one code); the server sends this page for both.
const page = window.location.pathname.toUpperCase().startsWith('/TC') ? 'TC' : 'OC';
const search = new URLSearchParams(window.location.search);
const param = (name: string) => search.get(name)?.trim() || undefined;
const query = { code: param('code') ?? '', gtin: param('gtin'), lot: param('lot') };
const lang = pickLang(navigator.languages?.length ? navigator.languages : [navigator.language]);
const t = textsOf(lang);
document.documentElement.lang = lang;
document.title = t.title[page];

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App page={page} query={query} lang={lang} t={t} />
  </StrictMode>,
);
