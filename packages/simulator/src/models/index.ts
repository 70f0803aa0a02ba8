import type { DeviceClass } from '@farmpark/contracts';
import { Behaviour, type SimContext } from '../behaviour';
import { WaterFertilizer } from './fertigation';
import { EnvCabinet } from './greenhouse';
import { InsectLamp } from './insectLamp';
import { ValveBank } from './irrigation';
import { SoilStation } from './soil';
import { InsectTrap, SporeTrap } from './traps';
import { WeatherStation } from './weatherStation';

/** A camera reports no telemetry: it is online or not, and streams video elsewhere. */
class Camera extends Behaviour {
  protected step(): void {}
  sample(): Record<string, number> {
    return {};
  }
}

const FACTORIES: Record<DeviceClass, (ctx: SimContext, startTs: number) => Behaviour> = {
  weatherStation: (c, t) => new WeatherStation(c, t),
  soilStation: (c, t) => new SoilStation(c, t),
  envCabinet: (c, t) => new EnvCabinet(c, t),
  insectLamp: (c, t) => new InsectLamp(c, t),
  insectTrap: (c, t) => new InsectTrap(c, t),
  sporeTrap: (c, t) => new SporeTrap(c, t),
  waterFertilizer: (c, t) => new WaterFertilizer(c, t),
  irrigationController: (c, t) => new ValveBank(c, t, 8, true),
  smartIrrigation: (c, t) => new ValveBank(c, t, 8, true),
  valveController: (c, t) => new ValveBank(c, t, 4, false),
  camera: (c, t) => new Camera(c, t),
};

export function createBehaviour(ctx: SimContext, startTs: number): Behaviour {
  return FACTORIES[ctx.deviceClass](ctx, startTs);
}
