import { describe, expect, it } from 'vitest';
import { CommandRefused } from '../behaviour';
import { hashSeed } from '../random';
import { RUN_STATE, VALVE_OVERLAP_MS, WaterFertilizer } from './fertigation';
import { ValveBank } from './irrigation';
import { placeOf } from './place';

const place = placeOf(39.9, 116.4);
const T0 = Date.UTC(2024, 4, 1, 0);
const MIN = 60_000;
const bank = () =>
  new ValveBank({ deviceClass: 'irrigationController', model: 'GG-8', seed: hashSeed('ic'), place }, T0, 8, true);
const at = (b: { advance(t: number): void; sample(): Record<string, number> }, ts: number) => {
  b.advance(ts);
  return b.sample();
};

describe('irrigation controller', () => {
  it('has no flow or pressure with all valves closed', () => {
    expect(at(bank(), T0 + 10 * MIN)).toMatchObject({ flow: 0, pressure: 0, valve1: 0 });
  });

  it('opens the zones for durationMin, counts the water, then closes them', () => {
    const b = bank();
    const start = at(b, T0);
    expect(b.command('startIrrigation', { zones: [2, 5], durationMin: 30 })).toEqual({
      state: { valve2: 1, valve5: 1 },
    });
    const during = at(b, T0 + 29 * MIN);
    expect(during).toMatchObject({ valve2: 1, valve5: 1, valve1: 0 });
    expect(during.flow).toBeGreaterThan(3);
    expect(during.pressure).toBeGreaterThan(0.2);
    const after = at(b, T0 + 45 * MIN);
    expect(after).toMatchObject({ valve2: 0, valve5: 0, flow: 0, pressure: 0 });
    expect(after.totalWater - start.totalWater).toBeCloseTo(during.flow * 0.5, 0);
  });

  it('stops a volume run once the volume has flowed', () => {
    const b = bank();
    const start = at(b, T0);
    b.command('startIrrigation', { zones: [1], volumeM3: 1.5 });
    const after = at(b, T0 + 3 * 60 * MIN);
    expect(after.valve1).toBe(0);
    expect(after.totalWater - start.totalWater).toBeCloseTo(1.5, 5);
  });

  it('refuses a second run, and stopIrrigation closes everything', () => {
    const b = bank();
    b.command('startIrrigation', { zones: [1, 2], durationMin: 60 });
    expect(() => b.command('startIrrigation', { zones: [3], durationMin: 5 })).toThrow(CommandRefused);
    b.command('setValve', { valve: 7, on: true });
    expect(b.command('stopIrrigation', {})).toEqual({ state: { valve1: 0, valve2: 0, valve7: 0 } });
    expect(at(b, T0 + MIN).flow).toBe(0);
  });

  it('a valve controller has valves and a battery, no flow meter', () => {
    const v = new ValveBank({ deviceClass: 'valveController', model: 'FM-4', seed: 1, place }, T0, 4, false);
    v.command('setValve', { valve: 4, on: true });
    const s = at(v, T0 + MIN);
    expect(s).toMatchObject({ valve4: 1 });
    expect(s.flow).toBeUndefined();
    expect(s.battery).toBeGreaterThan(0);
    expect(() => v.command('startIrrigation', { zones: [1], durationMin: 1 })).toThrow(/not supported/);
  });
});

describe('water-fertiliser machine', () => {
  const machine = () =>
    new WaterFertilizer({ deviceClass: 'waterFertilizer', model: 'SF-4', seed: hashSeed('wf'), place }, T0);

  it('runs zones in turn, doses EC/pH to the target, drains the tanks, flushes, then idles', () => {
    const m = machine();
    const before = at(m, T0);
    expect(before).toMatchObject({ runState: RUN_STATE.idle, flow: 0 });
    m.command('startIrrigation', { zones: [1, 3], durationMin: 20, recipe: { ecTarget: 2, phTarget: 6 } });
    const first = at(m, T0 + 8 * MIN);
    expect(first).toMatchObject({ runState: RUN_STATE.running, currentZone: 1 });
    expect(first.ec).toBeCloseTo(2, 1);
    expect(first.ph).toBeCloseTo(6, 1);
    expect(first.flow).toBeGreaterThan(0);
    expect(at(m, T0 + 15 * MIN).currentZone).toBe(3);
    expect(at(m, T0 + 20 * MIN + 10_000).runState).toBe(RUN_STATE.stopping);
    const done = at(m, T0 + 22 * MIN);
    expect(done).toMatchObject({ runState: RUN_STATE.idle, currentZone: 0, flow: 0, pressure: 0 });
    expect(done.tank1).toBeLessThan(before.tank1);
    expect(done.tank4).toBeLessThan(before.tank4);
    expect(done.tank3).toBe(before.tank3);
    expect(done.totalWater).toBeGreaterThan(before.totalWater);
  });

  it('opens the next zone before it closes the previous one: the pump never runs against closed valves', () => {
    const m = machine();
    at(m, T0);
    m.command('startIrrigation', { zones: [1, 3], durationMin: 20 });
    const one = at(m, T0 + 9 * MIN);
    // the switch is at 10 min: for VALVE_OVERLAP_MS both valves are open, the pump feeds two zones
    const both = at(m, T0 + 10 * MIN + VALVE_OVERLAP_MS / 2);
    expect(both.currentZone).toBe(3);
    expect(both.flow).toBeGreaterThan(one.flow * 1.5);
    expect(both.pressure).toBeLessThan(one.pressure);
    const next = at(m, T0 + 10 * MIN + VALVE_OVERLAP_MS + 1_000);
    expect(next.flow).toBeCloseTo(one.flow, 0);
    expect(next.pressure).toBeGreaterThan(0);
    // the water of the overlap is split over the two zones; zone 3 gets its own after
    const water = m.takeZoneWater();
    expect(Object.keys(water).sort()).toEqual(['1', '3']);
  });

  it('mixes tank shares into EC', () => {
    const m = machine();
    m.command('startIrrigation', { zones: [2], volumeM3: 5, recipe: { tanks: { tank1: 20, tank2: 20 } } });
    expect(at(m, T0 + 10 * MIN).ec).toBeCloseTo(0.45 + 40 * 0.035, 1);
  });

  it('shows a fault as runState 2 and stops', () => {
    const m = machine();
    m.command('startIrrigation', { zones: [1], durationMin: 30 });
    m.setFault('pump overload');
    expect(at(m, T0 + MIN)).toMatchObject({ runState: RUN_STATE.fault, flow: 0 });
    m.setFault(null);
    expect(at(m, T0 + 2 * MIN).runState).toBe(RUN_STATE.idle);
  });
});

describe('a clogging line (issue 26, point 6)', () => {
  const machine = () =>
    new WaterFertilizer({ deviceClass: 'waterFertilizer', model: 'SF-4', seed: hashSeed('wf'), place }, T0);

  it('a zone clogged by half passes half its flow, at a higher pressure; the other zones and a flush are clean', () => {
    const b = bank();
    b.command('startIrrigation', { zones: [2], durationMin: 60 });
    const clean = at(b, T0 + MIN);
    b.clogZone(2, { share: 0.5 });
    const clogged = at(b, T0 + 2 * MIN);
    expect(clogged.flow).toBeCloseTo(clean.flow / 2, 1);
    expect(clogged.pressure).toBeGreaterThan(clean.pressure + 0.02);
    b.command('stopIrrigation', {});
    b.command('startIrrigation', { zones: [3], durationMin: 60 });
    expect(at(b, T0 + 3 * MIN).flow).toBeCloseTo(clean.flow, 1);
    b.command('stopIrrigation', {});
    b.clogZone(2, null);
    b.command('startIrrigation', { zones: [2], durationMin: 60 });
    expect(at(b, T0 + 4 * MIN).flow).toBeCloseTo(clean.flow, 1);
  });

  it('a slowly clogging line loses more as the clock runs, up to its most', () => {
    const m = machine();
    m.clogZone(1, { share: 0, perHour: 0.1, max: 0.6 });
    const flowAt = (h: number) => {
      at(m, T0 + h * 60 * MIN); // the last run's flush is over
      m.command('startIrrigation', { zones: [1], durationMin: 10 });
      const f = at(m, T0 + h * 60 * MIN + 5 * MIN).flow;
      m.command('stopIrrigation', {});
      return f;
    };
    const first = flowAt(0);
    expect(flowAt(3) / first).toBeCloseTo(0.7, 1);
    expect(flowAt(10) / first).toBeCloseTo(0.4, 1); // 60 % lost at most
    expect(() => m.clogZone(17, { share: 0.5 })).toThrow(TypeError);
    expect(() => m.clogZone(1, { share: 1 })).toThrow(TypeError);
  });
});
