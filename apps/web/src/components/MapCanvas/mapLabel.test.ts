import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import { mapDot, mapLabel } from './mapLabel';

const EVIL = '<img src=x onerror=alert(1)>';

describe('map labels: a name is text, never markup', () => {
  let map: L.Map | null = null;
  afterEach(() => {
    map?.remove();
    map = null;
    document.body.innerHTML = '';
  });

  it('a permanent tooltip and a popup show the planted name as characters, with no element or handler', () => {
    const host = document.createElement('div');
    document.body.append(host);
    map = L.map(host).setView([39.9, 116.4], 12);
    const marker = L.marker([39.9, 116.4], {
      icon: L.divIcon({ className: '', html: mapDot({ testId: 'marker-1', color: '#52c41a', size: 16 }) }),
    })
      .bindTooltip(mapLabel(EVIL), { permanent: true })
      .bindPopup(mapLabel(`${EVIL} · park`))
      .addTo(map);
    marker.openPopup();
    expect(document.querySelector('img:not(.leaflet-marker-icon)')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('.leaflet-tooltip')?.textContent).toBe(EVIL);
    expect(document.querySelector('.leaflet-popup-content')?.textContent).toBe(`${EVIL} · park`);
    expect(document.querySelector('[data-testid="marker-1"]')?.getAttribute('data-color')).toBe('#52c41a');
  });

  it('a dot takes its colour as a style value: markup in it goes nowhere', () => {
    const dot = mapDot({ testId: 'x"><img src=x onerror=alert(1)>', color: `red;"><img src=x>`, size: 12 });
    const box = document.createElement('div');
    box.append(dot);
    expect(box.querySelector('img')).toBeNull();
    expect(box.children).toHaveLength(1);
  });
});
