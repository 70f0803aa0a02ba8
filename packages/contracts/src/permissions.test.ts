import { describe, expect, it } from 'vitest';
import { ALL_PERMIT_URLS, expandGrants, flattenCatalogue, isKnownPermitUrl, permitTree } from './permissions';

describe('permission catalogue', () => {
  it('has one unique permitUrl per route, each the path of its parent plus its name', () => {
    expect(new Set(ALL_PERMIT_URLS).size).toBe(ALL_PERMIT_URLS.length);
    const walk = (nodes: ReturnType<typeof flattenCatalogue>, parent: string) => {
      for (const n of nodes) {
        expect(n.permitUrl).toBe(`${parent}/${n.name}`);
        walk(n.children ?? [], n.permitUrl);
      }
    };
    walk(
      flattenCatalogue().filter((n) => n.permitUrl.split('/').length === 2),
      '',
    );
  });

  it('covers the menu sections and pages of SPEC §2', () => {
    for (const url of [
      '/park/parkInfo',
      '/irrigation/irrigationSystem/runningRecord',
      '/irrigation/irrigationAuto/smartIrrigation',
      '/irrigation/valve/operationRecord',
      '/outdoorsEquipment/worm/wormCategory',
      '/outdoorsEquipment/spore/HistoricalData',
      '/envControl/ehc/dataAnalysis',
      '/plantProtect/insecticidalLamp/realTimeData',
      '/videoEqui/seedling',
      '/system/device-mgt/group-var-sort',
      '/system/GisMap',
      '/productionManagement/videoManagement',
      '/tracingCenter/rootsTreeCode',
      '/alarm/alarmContacts',
    ]) {
      expect(isKnownPermitUrl(url), url).toBe(true);
    }
    expect(isKnownPermitUrl('/nope')).toBe(false);
  });

  it('passes the type tag of a device group down to its pages', () => {
    const byUrl = new Map(flattenCatalogue().map((n) => [n.permitUrl, n]));
    expect(byUrl.get('/irrigation/valve/realTimeData')?.type).toBe('shuifei');
    expect(byUrl.get('/outdoorsEquipment/worm/wormTrend')?.type).toBe('chongqing');
    expect(byUrl.get('/plantProtect/insecticidalLamp/realTimeData')?.type).toBe('shachongdeng');
    expect(byUrl.get('/system/user-mgt')?.type).toBeUndefined();
  });
});

describe('grants', () => {
  it('granting a page makes its ancestors visible but not its siblings', () => {
    const g = expandGrants(['/irrigation/valve/realTimeData']);
    expect([...g].sort()).toEqual(['/irrigation', '/irrigation/valve', '/irrigation/valve/realTimeData']);
  });

  it('granting a section grants every page below it', () => {
    const g = expandGrants(['/alarm']);
    expect(g).toEqual(new Set(['/alarm', '/alarm/alarmSet', '/alarm/alarmList', '/alarm/alarmContacts']));
  });

  it('ignores unknown urls', () => {
    expect(expandGrants(['/nope', '/also/nope']).size).toBe(0);
  });

  it('builds the nested permitList of SPEC §3 in catalogue order', () => {
    const tree = permitTree(['/alarm/alarmList', '/park/parkInfo']);
    expect(tree).toEqual([
      { permitUrl: '/park', permitList: [{ permitUrl: '/park/parkInfo', permitList: [] }] },
      { permitUrl: '/alarm', permitList: [{ permitUrl: '/alarm/alarmList', permitList: [] }] },
    ]);
  });
});
