import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findRouteChain } from '../access/routeChain';
import { PUBLIC_ROUTES, STANDALONE_ROUTES } from '../config/routes';
import type { AppRoute } from '../config/routeTypes';
import { routeTitle } from '../i18n';
import { useSessionStore } from '../stores/session';

/** The chain of routes down to the current location, from the user's routes or the public ones. */
export function useRouteChain(): AppRoute[] {
  const { pathname } = useLocation();
  const routes = useSessionStore((s) => s.routes);
  const chain = findRouteChain(routes, pathname);
  return chain.length ? chain : findRouteChain([...PUBLIC_ROUTES, ...STANDALONE_ROUTES], pathname);
}

export function useRouteTitle(): string {
  const { i18n } = useTranslation();
  const chain = useRouteChain();
  const last = chain.at(-1);
  return last ? routeTitle(last.meta.title, i18n.language) : '';
}
