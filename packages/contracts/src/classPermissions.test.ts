import { describe, expect, it } from 'vitest';
import { allowedClasses, CLASS_PERMIT_URL, classAllowed } from './classPermissions';
import { DEVICE_CLASSES } from './deviceClasses';
import { expandGrants, isKnownPermitUrl } from './permissions';

describe('class permissions', () => {
  it('maps every class to a known page family', () => {
    for (const c of DEVICE_CLASSES) expect(isKnownPermitUrl(CLASS_PERMIT_URL[c]), c).toBe(true);
  });

  it('allows a class from a grant of any page below its family, and nothing else', () => {
    const grants = expandGrants(['/outdoorsEquipment/worm/deviceStatus']);
    expect(classAllowed(grants, 'insectTrap')).toBe(true);
    expect(classAllowed(grants, 'sporeTrap')).toBe(false);
    expect(allowedClasses(grants)).toEqual(['insectTrap']);
  });

  it('allows every irrigation class from the irrigation section', () => {
    expect(allowedClasses(expandGrants(['/irrigation'])).sort()).toEqual(
      ['irrigationController', 'smartIrrigation', 'valveController', 'waterFertilizer'].sort(),
    );
  });
});
