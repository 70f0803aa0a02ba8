import type { Db } from '../../db/connect';
import { hashSecret } from '../../modules/devices/credentials';
import { insertDevice } from '../../modules/devices/repo';
import { hhmmIn } from '../../rules/windows';
import { simDevice } from '../../test/devices';
import type { api } from './servers';

const TZ = 'Asia/Shanghai'; // the processes' TZ_NAME (default)

/** "HH:mm" of an instant in the park's zone, as a program's start times are written. */
const hhmm = (ts: number) => hhmmIn(ts, TZ);

/**
 * A simulated water-and-fertiliser machine (packages/simulator) on the external broker, and an irrigation
 * program whose one slot falls while the cluster runs: the slot must be claimed once and start one run, whose
 * commands the machine acknowledges through whichever process the broker hands the acknowledgement to.
 */
export async function startProgramMachine(o: {
  db: Db;
  a: ReturnType<typeof api>;
  merchantId: number;
  groupId: number;
  brokerUrl: string;
  /** The slot is the first whole minute at least this far ahead. */
  leadMs: number;
}) {
  const serial = 'CLUSTER-WF-1';
  const secret = `secret-${serial}`;
  const deviceId = await insertDevice(o.db, {
    merchant_id: o.merchantId,
    group_id: o.groupId,
    serial,
    name: '集群水肥机',
    device_class: 'waterFertilizer',
    secret_hash: hashSecret(secret),
    created_at: Date.now(),
  });
  const device = await simDevice(o.brokerUrl, { serial, secret, deviceClass: 'waterFertilizer' }, 2_000);
  // a run of seconds, as an operator sets a test machine: pump protection's defaults would refuse it (least run)
  await o.a.post('/api/merchant/irrigation/alterMachineSettings', {
    deviceId,
    minRunMin: 0,
    minRestMin: 0,
    maxStartsPerHour: 60,
  });
  const slotAt = Math.ceil((Date.now() + o.leadMs) / 60_000) * 60_000;
  const program = await o.a.post<{ programId: number }>('/api/merchant/irrigation/addProgram', {
    deviceId,
    name: '集群轮灌',
    startTimes: [hhmm(slotAt)],
    days: [1, 2, 3, 4, 5, 6, 7],
    zones: [1],
    durationMin: 0.1,
    enabled: true,
  });
  return { deviceId, device, programId: program.programId, slotAt };
}

/** The slot's claims, the runs it started and the machine's commands with their acknowledgement. */
export async function programOutcome(db: Db, p: { programId: number; deviceId: number }) {
  const slots = await db
    .selectFrom('irrigation_program_slots')
    .select(['slot_at', 'outcome', 'run_id', 'detail'])
    .where('program_id', '=', p.programId)
    .execute();
  const runs = await db
    .selectFrom('irrigation_runs')
    .select(['id', 'state'])
    .where('trigger', '=', 'program')
    .where('trigger_ref', '=', String(p.programId))
    .execute();
  const commands = await db
    .selectFrom('commands')
    .select(['cmd_id', 'state', 'acked_at'])
    .where('device_id', '=', p.deviceId)
    .execute();
  return { slots, runs, commands };
}
