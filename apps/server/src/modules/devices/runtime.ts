import type { Db } from '../../db/connect';
import type { DeviceMessageBus } from '../../mqtt/deviceMessages';
import type { Publish } from '../../mqtt/publish';
import { type CommandService, createCommandService } from '../commands/service';
import type { DeviceRegistry } from './registry';
import type { DeviceSessions } from './service';
import { createDeviceStatus, type DeviceStatus } from './status';

/** Device identity and control as one unit: what buildApp wires, main schedules and tests drive. */
export interface DevicesRuntime {
  registry: DeviceRegistry;
  sessions: DeviceSessions;
  status: DeviceStatus;
  commands: CommandService;
  /** Registers the handlers of `status`, `event` and `ack` on the device message bus. */
  listen(bus: DeviceMessageBus): void;
}

export function createDevicesRuntime(deps: {
  db: Db;
  publish: Publish;
  registry: DeviceRegistry;
  sessions: DeviceSessions;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
}): DevicesRuntime {
  const status = createDeviceStatus(deps);
  const commands = createCommandService(deps);
  return {
    registry: deps.registry,
    sessions: deps.sessions,
    status,
    commands,
    listen(bus) {
      bus.on('status', status.handleStatus);
      bus.on('event', status.handleEvent);
      bus.on('ack', async (msg) => {
        const deviceId = await commands.handleAck(msg);
        await status.touch([deviceId], msg.receivedAt);
      });
    },
  };
}
