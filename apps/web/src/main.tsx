import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/antd.css';
import App from './App';
import { i18nReady } from './i18n';
import './styles.css';

// English texts are their own chunk (i18n/index.ts): render once the reader's language is in.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
