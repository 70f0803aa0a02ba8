export * from './auth';
export * from './deviceClasses';
export * from './devices';
export * from './envelope';
export * from './errors';
export * from './mqttTopics';
export * from './parks';
export * from './permissions';
