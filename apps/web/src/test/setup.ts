import { StyleContext } from '@ant-design/cssinjs';
import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createElement, useContext } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach } from 'vitest';
import { mediaQueryList } from './viewport';

// antd's responsive helpers call matchMedia, which jsdom does not implement.
if (!window.matchMedia) window.matchMedia = (query: string) => mediaQueryList(query, false);

// antd writes its CSS-in-JS into the document as components mount, and jsdom parses every rule and walks them all
// on each getComputedStyle: that was most of the web tests' CPU (a form dialog test: 25 s, 6 s without). No test
// reads antd's styles, so they are kept as a server render keeps them: in the style cache, not in the document.
// The default context value is the one object every antd component reads when no StyleProvider is above it.
function StylesAsOnAServer() {
  useContext(StyleContext).mock = 'server';
  return null;
}
renderToStaticMarkup(createElement(StylesAsOnAServer));

afterEach(() => {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  sessionStorage.clear();
  localStorage.clear();
});
