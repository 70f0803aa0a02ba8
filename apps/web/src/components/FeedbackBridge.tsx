import { App } from 'antd';
import { useEffect } from 'react';
import { configureRequest } from '../api/request';
import { forcedLogout } from '../router/session';
import { setFeedbackApi } from '../utils/feedback';

/** Connects the request client and other non-React code to antd's themed message and modal. */
export default function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    setFeedbackApi(api);
    configureRequest({
      toastError: (text, seconds) => void api.message.error(text, seconds),
      onForcedLogout: forcedLogout,
    });
  }, [api]);
  return null;
}
