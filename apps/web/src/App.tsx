import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Grid } from 'antd';
// antd/es: the ES build shares its default (English) locale with the components; antd/locale/* is CommonJS and a second copy.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import FeedbackBridge from './components/FeedbackBridge';
import { isEnglish } from './i18n';
import ForcedLogoutDialog from './layout/dialogs/ForcedLogoutDialog';
import AppRoutes from './router/AppRoutes';
import Guard from './router/Guard';
import { useDocumentTitle } from './router/useDocumentTitle';
import { prefersReducedMotion } from './utils/motion';

const queryClient = new QueryClient({
  // The request client already told the user about a failure; retrying would repeat the toast.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

function Shell() {
  useDocumentTitle();
  return (
    <Guard>
      <AppRoutes />
    </Guard>
  );
}

export default function App() {
  const { i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  // Live alarms arrive as notifications in the top corner; on a phone they span the screen's width, and a
  // stack of them covered the page's own controls: one at a time there, three on wider screens.
  const phone = !Grid.useBreakpoint().sm;
  useEffect(() => {
    dayjs.locale(english ? 'en' : 'zh-cn');
  }, [english]);
  return (
    <ConfigProvider
      locale={english ? enUS : zhCN}
      theme={{ zeroRuntime: true, token: { colorPrimary: '#1f8f4e', motion: !prefersReducedMotion } }}
    >
      <AntApp notification={{ maxCount: phone ? 1 : 3 }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Shell />
          </BrowserRouter>
        </QueryClientProvider>
        <ForcedLogoutDialog />
      </AntApp>
    </ConfigProvider>
  );
}
