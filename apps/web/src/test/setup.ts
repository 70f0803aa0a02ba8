import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';
import { mediaQueryList } from './viewport';

// antd's responsive helpers call matchMedia, which jsdom does not implement.
if (!window.matchMedia) window.matchMedia = (query: string) => mediaQueryList(query, false);

afterEach(() => {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  sessionStorage.clear();
  localStorage.clear();
});
