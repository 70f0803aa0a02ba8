import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { pickLang, textsOf } from './texts';
import './publicTrace.css';

// /OC?code= (one item one code) or /TC?code= (one tree one code); the server sends this page for both.
const page = window.location.pathname.toUpperCase().startsWith('/TC') ? 'TC' : 'OC';
const code = new URLSearchParams(window.location.search).get('code')?.trim() ?? '';
const lang = pickLang(navigator.languages?.length ? navigator.languages : [navigator.language]);
const t = textsOf(lang);
document.documentElement.lang = lang;
document.title = t.title[page];

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App page={page} code={code} lang={lang} t={t} />
  </StrictMode>,
);
