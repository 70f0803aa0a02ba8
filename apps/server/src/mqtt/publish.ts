/** Publishes a JSON payload from the server (QoS 1). Part of the app deps so any module can notify consoles. */
export type Publish = (topic: string, payload: unknown) => Promise<void>;
