import '../areaTexts';
import type { DeviceInfo } from '@farmpark/contracts';
import { App, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterDeviceGroup } from '../../../api/devices';
import { useParkOptions } from '../parkOptions';

export default function MoveDialog({
  device,
  onClose,
  onMoved,
}: {
  device: DeviceInfo | null;
  onClose: () => void;
  onMoved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const parks = useParkOptions();
  const [groupId, setGroupId] = useState<number | null>(null);
  if (!device) return null;
  return (
    <Modal
      open
      title={t('devmgt.moveTitle', { name: device.deviceName })}
      onCancel={onClose}
      okButtonProps={{ disabled: groupId === null || groupId === device.groupId, 'data-testid': 'move-ok' }}
      onOk={async () => {
        if (groupId === null) return;
        try {
          await alterDeviceGroup([device.deviceId], groupId);
          message.success(t('devmgt.moved'));
          onMoved();
        } catch {
          // shown by the request client
        }
      }}
    >
      <Select
        style={{ width: '100%' }}
        defaultValue={device.groupId ?? undefined}
        options={parks.options}
        onChange={(v: number) => setGroupId(v)}
        data-testid="move-park"
      />
    </Modal>
  );
}
