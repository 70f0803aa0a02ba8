import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';

// antd's responsive helpers call matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  sessionStorage.clear();
  localStorage.clear();
});
