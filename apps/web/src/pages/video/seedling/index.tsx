import '../areaTexts';
import { Card, Empty, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toPicker } from '../../../utils/time';
import { useWallCameras } from '../components/useCameras';
import Browse from './Browse';
import Compare from './Compare';
import Timelapse from './Timelapse';

/** Seedling pictures (issue 15 item 7): a camera's scheduled pictures by day, two days side by side, time-lapses. */
export default function SeedlingPage() {
  const { t } = useTranslation();
  const { cameras, parkName, isLoading } = useWallCameras();
  // seedling cameras first: they are the ones with a picture schedule
  const sorted = [...cameras].sort((a, b) => Number(b.purpose === 'seedling') - Number(a.purpose === 'seedling'));
  const [picked, setPicked] = useState<number | null>(null);
  const cameraId = picked ?? sorted[0]?.id ?? null;
  const [day, setDay] = useState(() => toPicker(Date.now()));
  if (!isLoading && cameras.length === 0) return <Empty description={t('video.noCameras')} />;
  return (
    <Card data-testid="seedling-page">
      <Space wrap style={{ marginBottom: 8 }}>
        <span>{t('video.camera')}</span>
        <Select
          style={{ minWidth: 240 }}
          value={cameraId ?? undefined}
          onChange={setPicked}
          placeholder={t('video.pickCamera')}
          options={sorted.map((c) => ({ value: c.id, label: `${c.name} · ${parkName(c.groupId)}` }))}
          data-testid="seedling-camera"
        />
      </Space>
      {cameraId !== null && (
        <Tabs
          key={cameraId}
          items={[
            {
              key: 'browse',
              label: t('video.seedling.browse'),
              children: <Browse cameraId={cameraId} day={day} onDay={setDay} />,
            },
            { key: 'compare', label: t('video.seedling.compare'), children: <Compare cameraId={cameraId} day={day} /> },
            { key: 'timelapse', label: t('video.seedling.timelapse'), children: <Timelapse cameraId={cameraId} /> },
          ]}
        />
      )}
    </Card>
  );
}
