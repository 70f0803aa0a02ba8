import '../areaTexts';
import type { ParamView } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSeries } from '../../api/telemetry';
import TrendChart from '../TrendChart';

const DAY_MS = 86_400_000;

/** The last 24 hours of one parameter of one device. */
export default function ParamChartModal({
  deviceId,
  deviceName,
  param,
  onClose,
}: {
  deviceId: number;
  deviceName: string;
  param: ParamView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['series24h', deviceId, param?.key],
    enabled: param !== null,
    queryFn: () => {
      const endTime = Date.now();
      return getSeries({ deviceIds: [deviceId], keys: [param!.key], startTime: endTime - DAY_MS, endTime });
    },
  });
  const series = param
    ? [
        {
          name: param.name,
          unit: param.unit,
          decimals: param.decimals,
          points: query.data?.series.find((s) => s.key === param.key)?.points ?? [],
        },
      ]
    : [];
  return (
    <Modal
      open={param !== null}
      onCancel={onClose}
      footer={null}
      width={840}
      destroyOnHidden
      title={param ? t('live.last24h', { device: deviceName, param: param.name }) : ''}
    >
      <TrendChart series={series} loading={query.isLoading} error={query.error ? query.error.message : null} />
    </Modal>
  );
}
