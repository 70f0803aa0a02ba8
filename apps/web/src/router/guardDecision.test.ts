import { describe, expect, it } from 'vitest';
import { afterLoginPath, decideGuard, type GuardInput, loginUrl } from './guardDecision';

const signedIn: GuardInput = {
  pathname: '/park/parkInfo',
  search: '',
  hasToken: true,
  userLoaded: true,
  permitList: [],
  permissionReady: true,
  company: null,
  freshArrival: true,
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
