import '../areaTexts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import NoticesTab from './NoticesTab';
import ReportsTab from './ReportsTab';
import RulesTab from './RulesTab';

/** Alarm > settings: alarm rules of the active park, the merchant's notices, and the park's scheduled reports. */
export default function AlarmSetPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      data-testid="alarm-set-tabs"
      items={[
        { key: 'rules', label: t('alarm.tabs.rules'), children: <RulesTab /> },
        { key: 'notices', label: t('alarm.tabs.notices'), children: <NoticesTab /> },
        { key: 'reports', label: t('alarm.tabs.reports'), children: <ReportsTab /> },
      ]}
    />
  );
}
