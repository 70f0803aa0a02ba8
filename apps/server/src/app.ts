import './http/types';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/connect';
import { installAuthHook } from './http/authHook';
import { clientErrorHandler, frameworkErrors, installErrorHandler, MAX_PARAM_LENGTH } from './http/errorHandler';
import { installRouteGuard, type RegisteredRoute } from './http/routeGuard';
import { installSecurityHeaders } from './http/securityHeaders';
import { installSpa } from './http/spa';
import { agronomyRoutes } from './modules/agronomy/routes';
import { noticeRoutes } from './modules/alarms/noticeRoutes';
import { alarmRoutes } from './modules/alarms/routes';
import { type Alarms, createAlarms } from './modules/alarms/runtime';
import { appLinksRoutes } from './modules/appLinks/routes';
import { authRoutes } from './modules/auth/routes';
import { automationRoutes } from './modules/automation/routes';
import { manualModeGate } from './modules/automation/service';
import { cameraRoutes } from './modules/cameras/routes';
import { commandRoutes } from './modules/commands/routes';
import type { ModuleDeps } from './modules/context';
import { deviceImportRoutes } from './modules/devices/import';
import { mqttHookRoutes } from './modules/devices/mqttHooks';
import { createDeviceRegistry, type DeviceRegistry } from './modules/devices/registry';
import { deviceRoutes } from './modules/devices/routes';
import { createDevicesRuntime, type DevicesRuntime } from './modules/devices/runtime';
import { deviceUploadRoutes } from './modules/devices/uploadRoutes';
import { createFlowAlarms } from './modules/irrigation/flowAlarms';
import { irrigationRoutes } from './modules/irrigation/routes';
import { createIrrigation, type Irrigation } from './modules/irrigation/runtime';
import { lightRoutes } from './modules/light/routes';
import { mqttRoutes } from './modules/mqtt/routes';
import { parkRoutes } from './modules/parks/routes';
import { pestImageRoutes } from './modules/pests/imageRoutes';
import { pestRoutes } from './modules/pests/routes';
import { sqdRoutes } from './modules/pests/sqdRoutes';
import { createTrapAlarms } from './modules/pests/trapAlarms';
import { pointRoutes } from './modules/points/routes';
import { createPlantingAlarms } from './modules/production/core/plantingAlarms';
import { productionCoreRoutes } from './modules/production/core/routes';
import { productionStockRoutes } from './modules/production/stock/routes';
import { productionUploadRoutes } from './modules/production/stock/uploadRoutes';
import { productionWorkRoutes } from './modules/production/stock/workRoutes';
import { reportRoutes } from './modules/reports/routes';
import { createReports } from './modules/reports/runtime';
import { roleRoutes } from './modules/roles/routes';
import { screenAccountRoutes } from './modules/screenAccounts/routes';
import { screenRoutes } from './modules/screens/routes';
import { storageRoutes } from './modules/storage/routes';
import { systemLogRoutes } from './modules/systemLog/routes';
import { telemetryRoutes } from './modules/telemetry/routes';
import type { TelemetryRuntime } from './modules/telemetry/runtime';
import { testingRoutes } from './modules/testing/routes';
import { tracePublicFileRoutes } from './modules/trace/batches/publicFileRoutes';
import { traceBatchRoutes } from './modules/trace/batches/routes';
import { traceCodeModule } from './modules/trace/codes/module';
import { traceReportRoutes } from './modules/trace/reports/routes';
import { treePictureRoutes } from './modules/trace/trees/pictureRoutes';
import { treePublicRoutes } from './modules/trace/trees/publicRoutes';
import { treeRoutes } from './modules/trace/trees/routes';
import { userRoutes } from './modules/users/routes';
import type { Recorder } from './modules/video/recorder';
import { videoRoutes } from './modules/video/routes';
import { videoSnapshotRoutes } from './modules/videoSnapshots/routes';
import type { VideoSnapshots } from './modules/videoSnapshots/runtime';
import { weatherRoutes } from './modules/weather/routes';
import type { MqttBroker } from './mqtt/broker';
import type { DeviceMessageBus } from './mqtt/deviceMessages';
import type { Publish } from './mqtt/publish';
import { automationHandler } from './rules/automation';
import { createRuleEngine, type RuleEngine } from './rules/engine';

export interface AppDeps {
  config: Config;
  db: Db;
  broker: MqttBroker;
  /** Where the server publishes; the broker's own publish unless an external broker is used (MQTT_URL). */
  publish?: Publish;
  /** The running ingest (absent in tests that do not need it). */
  telemetry?: TelemetryRuntime;
  /** Share the one the ingest uses, so a device change reaches its cache too. */
  registry?: DeviceRegistry;
  /** Device messages: the device module handles `status`, `event` and `ack` from it. */
  bus?: DeviceMessageBus;
  /** Several processes: the rules read every process' readings from the broker, not this ingest (src/cluster). */
  rulesReadBroker?: boolean;
  /** Where the log goes instead of stdout (tests read what the server logged). */
  logStream?: NodeJS.WritableStream;
}

export interface App {
  app: FastifyInstance;
  /** Every guarded /api route with the permission it declares (tests walk it). */
  routes: RegisteredRoute[];
  /** Device status and the command service (main schedules their jobs, tests drive them). */
  devices: DevicesRuntime;
  /** The one rule evaluator (main runs its timer job, tests call `tick`). */
  rules: RuleEngine;
  /** Alarm repeats and the delivery outbox (main runs them with the rule job). */
  alarms: Alarms;
  /** Irrigation runs, programs and smart rules (their periodic work runs on the rule job's tick). */
  irrigation: Irrigation;
  /** Camera pictures: main starts their schedule under the cluster's `devices` lease. */
  pictures: VideoSnapshots;
  /** Recording around the clock: main starts its rounds under the same lease. */
  recorder: Recorder;
}

/** Builds the Fastify app without listening: main listens, tests use `app.inject` or listen on port 0. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, broker } = deps;
  const publish = deps.publish ?? broker.publish;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // n proxies in front: the addresses they appended, counted from the right (proxy-addr's hop rule)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Ids and names are small; a megabyte is plenty and bounds what one request can make us parse.
    bodyLimit: 1024 * 1024,
    // What Node's parser refuses before any route (headers over 16 KB...) still answers in the envelope.
    clientErrorHandler,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes = installRouteGuard(app);
  installSecurityHeaders(app, { mapTileUrl: config.mapTileUrl });
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'FarmPark API', version: '0.1.0', description: 'Envelope {code, msg, data}; see docs/API.md' },
      components: { securitySchemes: { AuthToken: { type: 'apiKey', in: 'header', name: 'AuthToken' } } },
      security: [{ AuthToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  installAuthHook(app, { db, publish });
  // A POST without a body is validated as an empty object, so the message names the missing fields.
  app.addHook('preValidation', async (req) => {
    if (req.method === 'POST' && (req.body === undefined || req.body === null)) req.body = {};
  });

  const devices = createDevicesRuntime({
    db,
    publish,
    registry: deps.registry ?? createDeviceRegistry(db),
    // With an external broker the device is not connected to us; the broker's own API would have to end it.
    sessions: { disconnect: (serial) => void broker.disconnectDevice(serial) },
    log: app.log,
  });
  if (deps.bus) devices.listen(deps.bus);
  deps.telemetry?.ingest.events.on('committed', (e) => {
    devices.status
      .seen(e.deviceIds, e.since)
      .catch((err: Error) => app.log.warn({ err: err.message }, 'online update failed'));
  });

  const rules = createRuleEngine({ db, registry: devices.registry, tz: config.tzName, log: app.log });
  const alarms = createAlarms({ db, publish, config, rules, log: app.log });
  const plantingAlarms = createPlantingAlarms({ db, lifecycle: alarms.lifecycle, tz: config.tzName });
  rules.onTick('planting ranges', plantingAlarms.hourly);
  rules.onTick('trap counts', createTrapAlarms({ db, lifecycle: alarms.lifecycle }).hourly);
  rules.onTick('zone flow', createFlowAlarms({ db, lifecycle: alarms.lifecycle }).tick);
  const reports = createReports({ db, config, channels: alarms.channels, log: app.log });
  rules.onTick('park reports', reports.tick);
  rules.register('automation', automationHandler(devices.commands, app.log, manualModeGate(db)));
  const irrigation = createIrrigation({
    db,
    commands: devices.commands,
    publish,
    rules,
    tz: config.tzName,
    log: app.log,
  });
  await rules.refresh();
  if (!deps.rulesReadBroker) deps.telemetry?.ingest.events.on('committed', rules.onCommitted);
  app.addHook('onClose', async () => {
    deps.telemetry?.ingest.events.off('committed', rules.onCommitted);
    await rules.idle();
    alarms.close();
  });

  const moduleDeps: ModuleDeps = {
    config,
    db,
    publish,
    telemetry: deps.telemetry ?? null,
    devices: devices.registry,
    deviceSessions: devices.sessions,
    commands: devices.commands,
    rules,
  };
  for (const register of [
    authRoutes,
    userRoutes,
    parkRoutes,
    weatherRoutes,
    pointRoutes,
    screenRoutes,
    mqttRoutes,
    roleRoutes,
    screenAccountRoutes,
    systemLogRoutes,
    appLinksRoutes,
    storageRoutes,
    deviceRoutes,
    deviceImportRoutes,
    commandRoutes,
    mqttHookRoutes,
    telemetryRoutes,
    lightRoutes,
    cameraRoutes,
    noticeRoutes,
    reportRoutes,
    pestRoutes,
    sqdRoutes,
    agronomyRoutes,
    automationRoutes,
    productionCoreRoutes,
    productionStockRoutes,
    productionWorkRoutes,
    traceBatchRoutes,
    tracePublicFileRoutes,
    traceCodeModule,
    treeRoutes,
    treePublicRoutes,
  ])
    register(app, moduleDeps);
  await app.register(async (scope) => deviceUploadRoutes(scope, moduleDeps));
  await app.register(async (scope) => pestImageRoutes(scope, moduleDeps));
  await app.register(async (scope) => productionUploadRoutes(scope, moduleDeps));
  await app.register(async (scope) => traceReportRoutes(scope, moduleDeps));
  await app.register(async (scope) => treePictureRoutes(scope, moduleDeps));
  alarmRoutes(app, { ...moduleDeps, alarms });
  // one video runtime (its processes and cameras' health) for live video and the pictures
  const video = videoRoutes(app, moduleDeps);
  const pictures = videoSnapshotRoutes(app, { ...moduleDeps, alarms, video });
  irrigationRoutes(app, { ...moduleDeps, irrigation });
  testingRoutes(app, { ...moduleDeps, bus: deps.bus });

  await installSpa(app, config.webDist);
  // MQTT on /mqtt, live video's fMP4 on /api/video/live/<camera id>
  broker.attachWebSocket(app.server, (req, socket, head) => video.live.handleUpgrade(req, socket, head));
  return { app, routes, devices, rules, alarms, irrigation, pictures, recorder: video.recorder };
}
