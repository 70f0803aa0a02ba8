import '../areaTexts';
import { CLASS_PERMIT_URL, type DevicePoint } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getGisDeviceDetail } from '../../../api/points';
import { formatValue } from '../../../components/live/formatValue';
import { switchPark } from '../../../router/parkSwitch';

/** Latest values of the clicked device, and a way to its own page (switching to its park). */
export default function DevicePopup({
  device,
  groupId,
  groupName,
  onClose,
}: {
  device: DevicePoint;
  groupId: number;
  groupName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: ['gisDevice', device.deviceId],
    queryFn: () => getGisDeviceDetail(device.deviceId),
    refetchInterval: 15_000,
  });
  const params = (detail.data?.params ?? []).filter((p) => !p.hidden && detail.data?.latest[p.key]);
  const open = () => {
    // Pages show the active park: switch to the device's park, then land on its class page.
    switchPark(groupId, navigate, CLASS_PERMIT_URL[device.deviceClass]);
  };
  return (
    <Card
      size="small"
      data-testid="gis-popup"
      title={
        <span>
          {device.deviceName}{' '}
          <Tag color={device.online ? 'green' : 'default'} data-testid="gis-popup-status">
            {device.online ? t('gis.legendOnline') : t('gis.legendOffline')}
          </Tag>
        </span>
      }
      extra={
        <Button type="text" size="small" onClick={onClose} aria-label="close">
          ×
        </Button>
      }
    >
      <div style={{ marginBottom: 8, color: '#888' }}>
        {device.serial} · {groupName}
      </div>
      {detail.isPending ? (
        <Spin />
      ) : params.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gis.noValues')} />
      ) : (
        <Descriptions column={1} size="small" data-testid="gis-popup-values">
          {params.map((p) => (
            <Descriptions.Item key={p.key} label={p.name}>
              {formatValue(p, detail.data!.latest[p.key].value, t)} {p.unit}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Button type="link" onClick={open} style={{ paddingLeft: 0 }} data-testid="gis-open">
        {t('gis.open')}
      </Button>
    </Card>
  );
}
