import type { Migration } from 'kysely';
import * as foundation from './2026_11_22_0001_foundation';
import * as devices from './2026_11_22_0002_devices';
import * as telemetry from './2026_11_22_0003_telemetry';
import * as admin from './2026_11_22_0004_admin';
import * as rulesAlarms from './2026_11_22_0005_rules_alarms';
import * as pests from './2026_11_22_0006_pests';
import * as irrigation from './2026_11_22_0007_irrigation';
import * as points from './2026_11_22_0008_points';
import * as irrigationCodes from './2026_11_22_0009_irrigation_codes';
import * as parkZone from './2026_11_24_01_parkzone';
import * as lightCloud from './2026_11_24_08_lightcloud';
import * as productionCore from './2026_11_25_01_production_core';
import * as productionStock from './2026_11_25_02_production_stock';
import * as irrigationZones from './2026_11_25_03_irrigation_zones';
import * as appLinks from './2026_11_25_04_app_links';
import * as telemetryTimeOrder from './2026_11_25_05_telemetry_time_order';
import * as traceBatches from './2026_11_26_01_trace_batches';
import * as traceCodes from './2026_11_26_03_trace_codes';
import * as traceTrees from './2026_11_26_05_trace_trees';
import * as videoCameras from './2026_11_26_07_video_cameras';
import * as videoSnapshots from './2026_11_26_09_video_snapshots';
import * as clusterLeases from './2026_11_26_11_cluster_leases';
import * as telemetryPartitions from './2026_11_26_12_telemetry_partitions';
import * as runUsageSettled from './2026_11_27_01_run_usage_settled';
import * as videoCameraChecks from './2026_11_28_20_video_camera_checks';
import * as agronomy from './2026_11_28_31_agronomy';
import * as traceRecords from './2026_11_28_41_trace_records';
import * as spraySafetyDays from './2026_11_28_51_spray_safety_days';
import * as deviceConnectedAt from './2026_11_28_61_device_connected_at';
import * as recordRevisions from './2026_11_28_71_record_revisions';
import * as plotSensors from './2026_11_28_81_plot_sensors';
import * as plantingAlarm from './2026_11_28_91_planting_alarm';
import * as fileLedger from './2026_11_28_92_file_ledger';
import * as machineSettings from './2026_11_29_93_machine_settings';
import * as pestBiofix from './2026_11_29_94_pest_biofix';
import * as botWebhooks from './2026_11_29_95_bot_webhooks';
import * as waterBalance from './2026_11_29_97_water_balance';
import * as parkReports from './2026_11_29_98_park_reports';
import * as videoRecording from './2026_11_29_99_video_recording';
import * as wallLayouts from './2026_11_29_99w_wall_layouts';
import * as ptzPresets from './2026_11_29_99x_ptz_presets';

/**
 * Every migration, by name, in order. An explicit map instead of a folder scan so migrations work
 * unchanged under tsx, vitest and a bundler. Add new files here.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_devices': devices,
  '2026_11_22_0003_telemetry': telemetry,
  '2026_11_22_0004_admin': admin,
  '2026_11_22_0005_rules_alarms': rulesAlarms,
  '2026_11_22_0006_pests': pests,
  '2026_11_22_0007_irrigation': irrigation,
  '2026_11_22_0008_points': points,
  '2026_11_22_0009_irrigation_codes': irrigationCodes,
  '2026_11_24_01_parkzone': parkZone,
  '2026_11_24_08_lightcloud': lightCloud,
  '2026_11_25_01_production_core': productionCore,
  '2026_11_25_02_production_stock': productionStock,
  '2026_11_25_03_irrigation_zones': irrigationZones,
  '2026_11_25_04_app_links': appLinks,
  '2026_11_25_05_telemetry_time_order': telemetryTimeOrder,
  '2026_11_26_01_trace_batches': traceBatches,
  '2026_11_26_03_trace_codes': traceCodes,
  '2026_11_26_05_trace_trees': traceTrees,
  '2026_11_26_07_video_cameras': videoCameras,
  '2026_11_26_09_video_snapshots': videoSnapshots,
  '2026_11_26_11_cluster_leases': clusterLeases,
  '2026_11_26_12_telemetry_partitions': telemetryPartitions,
  '2026_11_27_01_run_usage_settled': runUsageSettled,
  '2026_11_28_20_video_camera_checks': videoCameraChecks,
  '2026_11_28_31_agronomy': agronomy,
  '2026_11_28_41_trace_records': traceRecords,
  '2026_11_28_51_spray_safety_days': spraySafetyDays,
  '2026_11_28_61_device_connected_at': deviceConnectedAt,
  '2026_11_28_71_record_revisions': recordRevisions,
  '2026_11_28_81_plot_sensors': plotSensors,
  '2026_11_28_91_planting_alarm': plantingAlarm,
  '2026_11_28_92_file_ledger': fileLedger,
  '2026_11_29_93_machine_settings': machineSettings,
  '2026_11_29_94_pest_biofix': pestBiofix,
  '2026_11_29_95_bot_webhooks': botWebhooks,
  '2026_11_29_97_water_balance': waterBalance,
  '2026_11_29_98_park_reports': parkReports,
  '2026_11_29_99_video_recording': videoRecording,
  '2026_11_29_99w_wall_layouts': wallLayouts,
  '2026_11_29_99x_ptz_presets': ptzPresets,
};
