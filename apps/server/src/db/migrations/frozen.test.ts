import { createHash } from 'node:crypto';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from './index';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
type AnyDb = Kysely<any>;

/** Every statement a migration's up() and down() send, compiled for one engine, without a database. */
async function statements(engine: 'sqlite' | 'postgres', name: string): Promise<string> {
  const out: string[] = [];
  const pg = engine === 'postgres';
  const db: AnyDb = new Kysely({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (d: AnyDb) => (pg ? new PostgresIntrospector(d) : new SqliteIntrospector(d)),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    log: (e) => {
      out.push(`${e.query.sql} ${JSON.stringify(e.query.parameters)}`);
    },
  });
  const m = migrations[name];
  out.push('-- up');
  await m?.up(db);
  out.push('-- down');
  await m?.down?.(db);
  await db.destroy();
  return out.join('\n');
}

/**
 * Migrations that have run on deployed databases must keep sending the same SQL (a fresh install has to
 * build what an upgrade built), including through the shared pieces in columns.ts. sha256 (first 16 hex)
 * of each migration's statements, SQLite then PostgreSQL. A new migration adds its line once it is final.
 */
const FROZEN: Record<string, [sqlite: string, postgres: string]> = {
  '2026_11_22_0001_foundation': ['bb0395b7e5286e52', '9098909a5d2abbfe'],
  '2026_11_22_0002_devices': ['7726b036b2d445a7', 'a8304ebd53bda4ed'],
  '2026_11_22_0003_telemetry': ['38c2ae6a82216740', '1876a2e9b6a48e78'],
  '2026_11_22_0004_admin': ['93415150f42f63c9', '93415150f42f63c9'],
  '2026_11_22_0005_rules_alarms': ['8f205bac36ab5328', '666128d2fbdbd492'],
  '2026_11_22_0006_pests': ['bd378a664be6549f', 'ddd1ee3e31a9ad38'],
  '2026_11_22_0007_irrigation': ['48ca5b71dc930af1', '0ac7ede005b30ba2'],
  '2026_11_22_0008_points': ['c448bbaa8de65292', '62fd2ca0d3d13b5d'],
  '2026_11_22_0009_irrigation_codes': ['9da69f789ef55ab4', '738532e86088d535'],
  '2026_11_24_01_parkzone': ['8c4f767bc1082b98', '8c4f767bc1082b98'],
  '2026_11_24_08_lightcloud': ['f02cb3bb251011e4', 'f02cb3bb251011e4'],
  '2026_11_25_01_production_core': ['496b79995047a715', '58dce26b0de10b9a'],
  '2026_11_25_02_production_stock': ['4bf3c0b1415b5416', 'b46a2b4da78f45e2'],
  '2026_11_25_03_irrigation_zones': ['70e0f90c85eaa67c', '70e0f90c85eaa67c'],
  '2026_11_25_04_app_links': ['f4851acafa2ff5c5', 'f4851acafa2ff5c5'],
  '2026_11_25_05_telemetry_time_order': ['915af589e1587262', '7ebea8e33ce4833a'],
  '2026_11_26_01_trace_batches': ['777e7b3acdabfb64', '8394ae698e1e9535'],
  '2026_11_26_03_trace_codes': ['3aaf700d756d707d', '853b7d9caa60fa01'],
  '2026_11_26_05_trace_trees': ['b9bb3ba25654c4d9', '897f8ce4a627850e'],
  '2026_11_26_07_video_cameras': ['af0aa9d149eadbd6', 'af0aa9d149eadbd6'],
  '2026_11_26_09_video_snapshots': ['7160b8c4c599573a', 'ccbbe8edd1e372b3'],
  '2026_11_26_11_cluster_leases': ['7834a68a563eb9b9', '7834a68a563eb9b9'],
  '2026_11_26_12_telemetry_partitions': ['7ebea8e33ce4833a', '6944e91f5f5434be'],
  '2026_11_27_01_run_usage_settled': ['85237ac2eef9f373', '85237ac2eef9f373'],
  '2026_11_28_20_video_camera_checks': ['1db3f46585dedaff', '1db3f46585dedaff'],
  '2026_11_28_31_agronomy': ['4954f3ec6b493420', '4954f3ec6b493420'],
  '2026_11_28_41_trace_records': ['9d928d7af747dfb3', 'b63da0d8e11f5e34'],
  '2026_11_28_51_spray_safety_days': ['e59018e5c3a7f7a7', 'e59018e5c3a7f7a7'],
  '2026_11_28_61_device_connected_at': ['d55af3bcd2d277d0', 'd55af3bcd2d277d0'],
  '2026_11_28_71_record_revisions': ['f1a26f5043c6ae3a', '7c52a582e4b63597'],
  '2026_11_28_81_plot_sensors': ['31b58314c44990e3', 'b7796b88dfb8912a'],
  '2026_11_28_91_planting_alarm': ['c7336c3b72675f38', '82ae7eb1b64a6e27'],
  '2026_11_28_92_file_ledger': ['dc5a326eedcdbf02', '78717385f0225abe'],
  '2026_11_29_93_machine_settings': ['4d0c1750d35e723c', '4d0c1750d35e723c'],
  '2026_11_29_94_pest_biofix': ['d25030fbbf6c2453', 'f2c97b698ff69eff'],
  '2026_11_29_95_bot_webhooks': ['33c16a0361b2ac85', '33c16a0361b2ac85'],
  '2026_11_29_97_water_balance': ['6a8c8d28d225c536', '6a8c8d28d225c536'],
  '2026_11_29_98_park_reports': ['3e4dff02d214d7c2', '824aa7e2c72baf62'],
  '2026_11_29_99_video_recording': ['7a8ed479148b3191', 'a86980a5405e3ff7'],
  '2026_11_29_99w_wall_layouts': ['931ed35b220781d4', '4368f2f0012f39a5'],
  '2026_11_29_99x_ptz_presets': ['9376f2e590024640', '91eb8d2a08d7e5d3'],
};

it.each(Object.entries(FROZEN))('migration %s sends the SQL it always sent', async (name, pinned) => {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
  expect([hash(await statements('sqlite', name)), hash(await statements('postgres', name))]).toEqual(pinned);
});
