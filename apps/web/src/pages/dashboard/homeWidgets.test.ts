import { ALL_PERMIT_URLS, expandGrants } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { homeWidgets, statusClasses } from './homeWidgets';

describe('homeWidgets', () => {
  it('gives every widget to a permit list holding every page (an admin)', () => {
    expect(homeWidgets(new Set(ALL_PERMIT_URLS))).toEqual([
      'alarms',
      'weather',
      'soil',
      'irrigation',
      'pests',
      'plantings',
      'machinery',
    ]);
  });

  it('gives a restricted role only the widgets of the pages it holds', () => {
    // the demo operator's grants, closed as the server sends them
    const operator = expandGrants([
      '/irrigation',
      '/outdoorsEquipment/weatherWatches',
      '/outdoorsEquipment/moistureMonitoring',
      '/alarm/alarmList',
    ]);
    expect(homeWidgets(operator)).toEqual(['alarms', 'weather', 'soil', 'irrigation']);
    expect(homeWidgets(expandGrants(['/irrigation/valve']))).toEqual(['irrigation']);
  });

  it('needs the statistics page itself for pest catches, not another pest page', () => {
    expect(homeWidgets(expandGrants(['/outdoorsEquipment/worm/deviceStatus']))).toEqual([]);
    expect(homeWidgets(expandGrants(['/outdoorsEquipment/worm']))).toEqual(['pests']);
  });

  it('gives nothing but the always-shown park card and notices to a role with no monitoring page', () => {
    expect(homeWidgets(expandGrants(['/park/parkInfo', '/system/user-mgt']))).toEqual([]);
    expect(homeWidgets(new Set())).toEqual([]);
  });
});

describe('statusClasses', () => {
  it('keeps the device classes whose live status the role may read', () => {
    const permits = expandGrants(['/outdoorsEquipment/weatherWatches', '/irrigation/valve']);
    expect(statusClasses(permits, ['camera', 'weatherStation', 'valveController', 'waterFertilizer'])).toEqual([
      'weatherStation',
      'valveController',
    ]);
  });
});
