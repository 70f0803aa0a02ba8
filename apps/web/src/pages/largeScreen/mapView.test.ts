import { describe, expect, it } from 'vitest';
import { viewOf } from './mapView';

describe('viewOf', () => {
  it('centres on the points and zooms until they fill the map, in half steps', () => {
    // about 300 m x 150 m near 36.9° N
    const park: [number, number][] = [
      [118.7, 36.9],
      [118.7034, 36.9],
      [118.7034, 36.90135],
      [118.7, 36.90135],
    ];
    const v = viewOf(park, 932, 530)!;
    expect(v.center[0]).toBeCloseTo(118.7017, 6);
    expect(v.center[1]).toBeCloseTo(36.900675, 6);
    expect(v.zoom * 2).toBe(Math.round(v.zoom * 2));
    // the park's width at that zoom fits inside the map with its margins, and a half step more would not
    const mercY = (lat: number) => {
      const phi = (lat * Math.PI) / 180;
      return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 256;
    };
    const widthAt = (z: number) => (0.0034 / 360) * 256 * 2 ** z;
    const heightAt = (z: number) => Math.abs(mercY(36.9) - mercY(36.90135)) * 2 ** z;
    expect(widthAt(v.zoom)).toBeLessThanOrEqual(932 * 0.92);
    expect(heightAt(v.zoom)).toBeLessThanOrEqual(530 * 0.92);
    expect(widthAt(v.zoom + 0.5) > 932 * 0.92 || heightAt(v.zoom + 0.5) > 530 * 0.92).toBe(true);
  });

  it('gives a single point a close view and nothing for no points or no room', () => {
    expect(viewOf([[120, 30]], 900, 500)).toEqual({ center: [120, 30], zoom: 17 });
    expect(viewOf([], 900, 500)).toBeNull();
    expect(viewOf([[120, 30]], 0, 0)).toBeNull();
  });

  it('never zooms past what maps draw', () => {
    const tiny: [number, number][] = [
      [120, 30],
      [120.000001, 30.000001],
    ];
    expect(viewOf(tiny, 900, 500)?.zoom).toBe(19);
  });
});
