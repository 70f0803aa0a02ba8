import '../../components/areaTexts';
import './areaTexts';
import type { IrrigationClass } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getMachineList } from '../../api/irrigation';
import type { DataSource } from '../../api/telemetry';
import AnalysisPanel from '../../components/AnalysisPanel';
import { CommandSwitch } from '../../components/CommandButton';
import HistoryPanel from '../../components/HistoryPanel';
import type { LiveDevice } from '../../components/live/liveState';
import RealtimeGrid from '../../components/RealtimeGrid';
import RecordTable from '../../components/RecordTable';
import { useIrrigationLive } from '../../mqtt/useIrrigationLive';
import { useParkStore } from '../../stores/park';
import MachineCard from './MachineCard';
import Programs from './Programs';
import RunTable from './RunTable';
import SmartRules from './SmartRules';
import WaterBalance from './WaterBalance';
import ZoneWater from './ZoneWater';

/** Machines of a class with state, live values, the run on now and the control panel. */
function Machines({ deviceClass, programs }: { deviceClass: IrrigationClass; programs?: boolean }) {
  const { t } = useTranslation();
  useIrrigationLive();
  const groupId = useParkStore((s) => s.activeGroupId);
  const q = useQuery({
    queryKey: ['irrigation', 'machines', groupId, deviceClass],
    queryFn: () => getMachineList(groupId as number, deviceClass),
    enabled: groupId !== null,
  });
  const list = q.data ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {q.isSuccess && list.length === 0 ? <Empty description={t('irr.noMachines')} /> : null}
      {list.map((m) => (
        <MachineCard key={m.deviceId} machine={m} />
      ))}
      {programs && groupId !== null ? <Programs groupId={groupId} machines={list} /> : null}
    </Space>
  );
}

/** A valve switch per valve parameter, showing the reported state. */
function ValveSwitches({ device }: { device: LiveDevice }) {
  const { t } = useTranslation();
  const valves = device.params.filter((p) => /^valve\d+$/.test(p.key));
  return (
    <Space wrap data-testid={`valves-${device.deviceId}`}>
      {valves.map((p) => {
        const v = device.latest[p.key];
        const n = Number(p.key.slice(5));
        return (
          <Space key={p.key} size={4}>
            <Typography.Text>{p.name}</Typography.Text>
            <CommandSwitch
              checked={v ? v.value === 1 : null}
              disabled={!device.online}
              command={(on) => ({ deviceId: device.deviceId, name: 'setValve', params: { valve: n, on } })}
              confirm={(on) =>
                t('irr.confirmSwitch', {
                  device: device.deviceName,
                  name: p.name,
                  state: on ? t('live.on') : t('live.off'),
                })
              }
              testId={`switch-${p.key}`}
            />
          </Space>
        );
      })}
    </Space>
  );
}

const src = (deviceClass: IrrigationClass | 'valveController'): DataSource => ({ deviceClass });
const Realtime = ({ cls }: { cls: IrrigationClass }) => (
  <Space direction="vertical" size={16} style={{ width: '100%' }}>
    <Machines deviceClass={cls} />
  </Space>
);
const Analysis = ({ cls }: { cls: IrrigationClass }) => (
  <Space direction="vertical" size={16} style={{ width: '100%' }}>
    <WaterBalance deviceClass={cls} />
    <ZoneWater deviceClass={cls} />
    <AnalysisPanel source={src(cls)} />
  </Space>
);

export const SystemEquipment = () => <Machines deviceClass="waterFertilizer" programs />;
export const SystemHistory = () => <HistoryPanel source={src('waterFertilizer')} />;
export const SystemOperation = () => <RecordTable deviceClass="waterFertilizer" />;
export const SystemRunning = () => <RunTable deviceClass="waterFertilizer" />;
export const ControllerRealtime = () => <Realtime cls="irrigationController" />;
export const ControllerHistory = () => <HistoryPanel source={src('irrigationController')} />;
export const ControllerOperation = () => <RecordTable deviceClass="irrigationController" />;
export const ControllerAnalysis = () => <Analysis cls="irrigationController" />;
export const AutoRealtime = () => <Realtime cls="smartIrrigation" />;
export const AutoHistory = () => <HistoryPanel source={src('smartIrrigation')} />;
export const AutoOperation = () => <RecordTable deviceClass="smartIrrigation" />;
export const AutoAnalysis = () => <Analysis cls="smartIrrigation" />;
export const AutoSmart = SmartRules;
export const ValveRealtime = () => (
  <RealtimeGrid source={src('valveController')} renderExtra={(d) => <ValveSwitches device={d} />} />
);
export const ValveOperation = () => <RecordTable deviceClass="valveController" />;
