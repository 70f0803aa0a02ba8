import { describe, expect, it } from 'vitest';
import { PERMISSION_ROUTES } from '../config/routes';
import { afterLoginPath, decideGuard, forbiddenPage, type GuardInput, loginUrl } from './guardDecision';

const signedIn: GuardInput = {
  pathname: '/park/parkInfo',
  search: '',
  hasToken: true,
  userLoaded: true,
  permitList: [],
  permissionReady: true,
  company: null,
  freshArrival: true,
  forbidden: false,
};
const anonymous: GuardInput = { ...signedIn, hasToken: false, userLoaded: false, permitList: undefined };

describe('decideGuard', () => {
  it('sends an anonymous visitor of a private path to login with the wanted path and query', () => {
    expect(decideGuard({ ...anonymous, search: '?a=1&b=2' })).toEqual({
      type: 'toLogin',
      to: '/login?redirect=%2Fpark%2FparkInfo%3Fa%3D1%26b%3D2',
    });
  });

  it('adds the company only when one is stored', () => {
    expect(decideGuard({ ...anonymous, company: 'acme' })).toEqual({
      type: 'toLogin',
      to: '/login?redirect=%2Fpark%2FparkInfo&company=acme',
    });
  });

  it.each(['/login', '/testing', '/OC', '/TC', '/download-app', '/404'])('lets anyone open public %s', (pathname) => {
    expect(decideGuard({ ...anonymous, pathname })).toEqual({ type: 'allow' });
  });

  it('resets a signed-in user who visits /login', () => {
    expect(decideGuard({ ...signedIn, pathname: '/login' })).toEqual({ type: 'resetAndAllow' });
  });

  it('does not reset the token that signing in on /login just created', () => {
    expect(decideGuard({ ...signedIn, pathname: '/login', userLoaded: false, freshArrival: false })).toEqual({
      type: 'allow',
    });
  });

  it('skips every check on /OC and /TC even with a token', () => {
    expect(decideGuard({ ...signedIn, pathname: '/OC', userLoaded: false })).toEqual({ type: 'allow' });
    expect(decideGuard({ ...signedIn, pathname: '/TC', permitList: 'junk' })).toEqual({ type: 'allow' });
  });

  it('loads the user first when only the token is known', () => {
    expect(decideGuard({ ...signedIn, userLoaded: false, permitList: undefined })).toEqual({ type: 'loadUser' });
  });

  it.each([undefined, null, 'x', { permitUrl: '/park' }])('rejects a session permission list of %j', (permitList) => {
    expect(decideGuard({ ...signedIn, permitList, search: '?q=1', company: 'acme' })).toEqual({
      type: 'invalidPermits',
      to: '/login?redirect=%2Fpark%2FparkInfo%3Fq%3D1&company=acme',
    });
  });

  it('builds routes once, then allows', () => {
    expect(decideGuard({ ...signedIn, permissionReady: false })).toEqual({ type: 'buildRoutes' });
    expect(decideGuard(signedIn)).toEqual({ type: 'allow' });
  });
});

describe('login redirects', () => {
  it('omits redirect for the login page itself', () => {
    expect(loginUrl('/login', null)).toBe('/login');
  });
  it('goes back to the wanted page after login, never off-site', () => {
    expect(afterLoginPath('/park/parkInfo?x=1')).toBe('/park/parkInfo?x=1');
    expect(afterLoginPath(null)).toBe('/dashboard');
    expect(afterLoginPath('https://evil.example')).toBe('/dashboard');
    expect(afterLoginPath('//evil.example')).toBe('/dashboard');
    expect(afterLoginPath('/login?redirect=/x')).toBe('/dashboard');
  });
});

describe('a page the user may not open', () => {
  const park = { path: '/park', children: [{ path: '/park/parkInfo' }] };
  const system = { path: '/system', children: [{ path: '/system/AccountManage' }] };

  it('is a page of the route table missing from the user routes; unknown paths stay 404', () => {
    expect(forbiddenPage('/system/AccountManage', [park, system], [park])).toBe(true);
    expect(forbiddenPage('/park/parkInfo', [park, system], [park])).toBe(false);
    expect(forbiddenPage('/no/such/page', [park, system], [park])).toBe(false);
  });

  it('sends the user home (with a message) once routes are built, instead of a 404', () => {
    expect(decideGuard({ ...signedIn, forbidden: true })).toEqual({ type: 'notPermitted', to: '/dashboard' });
    expect(decideGuard({ ...signedIn, forbidden: true, permissionReady: false })).toEqual({ type: 'buildRoutes' });
  });

  it('never counts the home page as forbidden, so the way home cannot loop', () => {
    expect(forbiddenPage('/dashboard', PERMISSION_ROUTES, [])).toBe(false);
  });
});
