import { RobotOutlined } from '@ant-design/icons';
import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataSource } from '../../../api/telemetry';
import AnalysisPanel from '../../../components/AnalysisPanel';
import HistoryPanel from '../../../components/HistoryPanel';
import RealtimeGrid from '../../../components/RealtimeGrid';
import RecordTable from '../../../components/RecordTable';
import ActuatorPanel from './ActuatorPanel';

const CABINET: DataSource = { deviceClass: 'envCabinet' };
const HIDE = ['actuators'];

/** Rules are evaluated by the server's rule engine; until it exists the page says so instead of pretending. */
function AutomationRulesSlot() {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={
        <span>
          <RobotOutlined /> {t('ehc.rules')}
        </span>
      }
      data-testid="automation-rules"
    >
      <Alert type="info" showIcon title={t('ehc.rulesPending')} />
    </Card>
  );
}

export function EhcRealtime() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <RealtimeGrid source={CABINET} hideGroups={HIDE} renderExtra={(d) => <ActuatorPanel device={d} />} />
      <AutomationRulesSlot />
    </Space>
  );
}
export const EhcHistory = () => <HistoryPanel source={CABINET} />;
export const EhcOperationRecord = () => <RecordTable deviceClass="envCabinet" />;
export const EhcAnalysis = () => <AnalysisPanel source={CABINET} />;
