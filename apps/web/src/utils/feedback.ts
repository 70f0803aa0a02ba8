import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

let api: AppApi | null = null;

/**
 * antd's message and modal instances bound to the app's theme and locale, for code outside React
 * components (request client, chunk errors). Set once by FeedbackBridge.
 */
export const setFeedbackApi = (next: AppApi): void => {
  api = next;
};
export const feedbackApi = (): AppApi | null => api;
