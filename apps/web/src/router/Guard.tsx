import type { PermitEntry } from '@farmpark/contracts';
import { App, Spin } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { generateRoutes } from '../access/generateRoutes';
import { getMerchantUserInfo, logout } from '../api/auth';
import { getDeviceClassList, getGroupAndDeviceAllList } from '../api/parks';
import { RequestError } from '../api/request';
import { LOGIN_PATH } from '../config/publicPaths';
import { FIXED_ROUTES, PERMISSION_ROUTES } from '../config/routes';
import { STORAGE } from '../config/storage';
import { pickActivePark, useParkStore } from '../stores/park';
import { useSessionStore } from '../stores/session';
import { getCompany, getToken, readSessionPermitList, setCompanyBrand, writeSessionPermitList } from '../utils/auth';
import { decideGuard, forbiddenPage, type GuardAction, loginUrl } from './guardDecision';
import { endSession, startMessaging } from './session';

/**
 * A page being left (a reload, another address) fails the requests it still has in flight. That is no reason to
 * end the session the next page is about to use: a user who reloaded while the console started was signed out.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * Carries out the decisions of guardDecision.ts (SPEC §2, §4) and renders the page only once the
 * decision is "allow". Each asynchronous step runs once; its result changes the store, which leads
 * to the next decision.
 */
export default function Guard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.user);
  const permissionReady = useSessionStore((s) => s.permissionReady);
  const routes = useSessionStore((s) => s.routes);
  const running = useRef<string | null>(null);
  /** The history entry of /login the guard last let through (see GuardInput.freshArrival). */
  const loginEntry = useRef<string | null>(null);

  const decision: GuardAction = decideGuard({
    pathname: location.pathname,
    search: location.search,
    hasToken: Boolean(token),
    userLoaded: user !== null,
    permitList: user ? readSessionPermitList() : undefined,
    permissionReady,
    company: getCompany(),
    freshArrival: loginEntry.current !== location.key,
    forbidden: permissionReady && forbiddenPage(location.pathname, PERMISSION_ROUTES, routes),
  });
  // The decision object is new on every render; its JSON is stable, so each decision acts once.
  const decisionKey = JSON.stringify(decision);

  useEffect(() => {
    const decision = JSON.parse(decisionKey) as GuardAction;
    const wanted = location.pathname + location.search;
    const toLogin = () => navigate(loginUrl(wanted, getCompany()), { replace: true });

    const loadUser = async () => {
      const info = await getMerchantUserInfo();
      if (!info) {
        message.error(t('guard.verifyFailed'));
        endSession();
        toLogin();
        return;
      }
      writeSessionPermitList(info.permitList);
      const company = getCompany();
      if (company) setCompanyBrand({ company, logo: info.userLoge, abbreviation: info.userCompanyAbb });
      useSessionStore.getState().setUser(info);
    };

    const noParkThenReload = () =>
      new Promise<void>((resolve) => {
        const leave = async () => {
          const current = getToken();
          if (current) await logout(current).catch(() => undefined);
          endSession();
          window.location.reload();
          resolve();
        };
        modal.confirm({
          title: t('guard.noParkTitle'),
          content: t('guard.noParkContent'),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: leave,
          onCancel: leave,
        });
      });

    const buildRoutes = async () => {
      const info = useSessionStore.getState().user;
      if (!info) return;
      const parks = await getGroupAndDeviceAllList();
      if (parks.length === 0) return noParkThenReload();
      const park = useParkStore.getState();
      park.setParks(parks);
      const active = pickActivePark(parks, sessionStorage.getItem(STORAGE.groupId))!;
      park.setActive(active.groupId);
      park.setFlags(await getDeviceClassList(active.groupId));
      const { routes, menu } = generateRoutes({
        roles: info.roles,
        permitList: readSessionPermitList() as PermitEntry[],
        flags: useParkStore.getState().flags,
        permissionRoutes: PERMISSION_ROUTES,
        fixedRoutes: FIXED_ROUTES,
      });
      useSessionStore.getState().setRoutes(routes, menu);
      void startMessaging(info);
    };

    const run = (step: string, work: () => Promise<void>) => {
      if (running.current === step) return;
      running.current = step;
      work()
        .catch((err: unknown) => {
          if (leaving) return;
          endSession();
          // The request client has already shown its own errors; anything else is reported here.
          if (!(err instanceof RequestError)) {
            message.error(err instanceof Error && err.message ? err.message : t('guard.hasError'));
            console.error('[guard]', err);
          }
          toLogin();
        })
        .finally(() => {
          running.current = null;
        });
    };

    if (decision.type === 'allow' && location.pathname === LOGIN_PATH) loginEntry.current = location.key;
    switch (decision.type) {
      case 'resetAndAllow':
        endSession();
        break;
      case 'toLogin':
        navigate(decision.to, { replace: true });
        break;
      case 'invalidPermits':
        endSession();
        navigate(decision.to, { replace: true });
        break;
      case 'loadUser':
        run('loadUser', loadUser);
        break;
      case 'buildRoutes':
        run('buildRoutes', buildRoutes);
        break;
      case 'notPermitted':
        message.warning(t('guard.notPermitted'));
        navigate(decision.to, { replace: true });
        break;
    }
  }, [decisionKey, location.key, location.pathname, location.search, navigate, message, modal, t]);

  if (decision.type === 'allow') return children;
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
