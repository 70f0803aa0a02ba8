import { Space } from 'antd';
import type { DataSource } from '../../../api/telemetry';
import AnalysisPanel from '../../../components/AnalysisPanel';
import HistoryPanel from '../../../components/HistoryPanel';
import RealtimeGrid from '../../../components/RealtimeGrid';
import RecordTable from '../../../components/RecordTable';
import ActuatorPanel from './ActuatorPanel';
import AutomationRules from './automation/AutomationRules';

const CABINET: DataSource = { deviceClass: 'envCabinet' };
const HIDE = ['actuators'];

export function EhcRealtime() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <RealtimeGrid source={CABINET} hideGroups={HIDE} renderExtra={(d) => <ActuatorPanel device={d} />} />
      <AutomationRules />
    </Space>
  );
}
export const EhcHistory = () => <HistoryPanel source={CABINET} />;
export const EhcOperationRecord = () => <RecordTable deviceClass="envCabinet" />;
export const EhcAnalysis = () => <AnalysisPanel source={CABINET} />;
