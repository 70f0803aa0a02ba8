import '../areaTexts';
import { PlusOutlined } from '@ant-design/icons';
import type { VideoCamera } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Grid, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeCamera } from '../../../api/video';
import { useCameras } from '../components/useCameras';
import CameraDialog from './CameraDialog';
import CameraState from './CameraState';
import EzvizKeyCard from './EzvizKeyCard';

/** System > video setup (issue 15 item 1): the merchant's EZVIZ key and every camera's video settings. */
export default function VideoSetupPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useCameras();
  const all = query.data ?? [];
  const [editing, setEditing] = useState<VideoCamera | 'new' | null>(null);
  // the watching pages' lists too
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['video'] });
  const lbl = (k: string) => t(`video.setup.${k}`);
  // on a phone the state column is scrolled away: it shows under the name instead
  const phone = !Grid.useBreakpoint().md;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <EzvizKeyCard />
      <Card
        size="small"
        title={t('video.cameras')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="camera-add">
            {lbl('add')}
          </Button>
        }
      >
        <Table<VideoCamera>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={all}
          pagination={false}
          scroll={{ x: 1070 }}
          data-testid="camera-table"
          columns={[
            {
              title: lbl('name'),
              dataIndex: 'name',
              width: 160,
              fixed: 'left',
              render: (name: string, c) =>
                phone ? (
                  <Space direction="vertical" size={0}>
                    {name}
                    <CameraState camera={c} />
                  </Space>
                ) : (
                  name
                ),
            },
            { title: t('video.park'), dataIndex: 'groupId', width: 160, render: (g: number) => query.parkName(g) },
            {
              title: lbl('source'),
              key: 'source',
              ellipsis: true,
              render: (_: unknown, c) =>
                c.kind === null ? (
                  <Tag>{lbl('notSetUp')}</Tag>
                ) : c.kind === 'ezviz' ? (
                  `${t('video.kinds.ezviz')} ${c.deviceSerial ?? ''} / ${c.channelNo ?? 1}`
                ) : (
                  c.streamUrl
                ),
            },
            { title: 'PTZ', dataIndex: 'ptz', width: 60, render: (v: boolean) => (v ? '✓' : '') },
            {
              title: lbl('purpose'),
              dataIndex: 'purpose',
              width: 90,
              render: (p: string) => t(`video.purposes.${p}`),
            },
            {
              title: lbl('scheduleShort'),
              dataIndex: 'snapshotEveryMinutes',
              width: 110,
              render: (n: number) => (n > 0 ? t('video.setup.everyMinutes', { n }) : lbl('none')),
            },
            ...(phone
              ? []
              : [
                  {
                    title: lbl('state'),
                    key: 'state',
                    width: 260,
                    render: (_: unknown, c: VideoCamera) => <CameraState camera={c} />,
                  },
                ]),
            {
              title: lbl('actions'),
              key: 'actions',
              width: 130,
              fixed: 'right',
              render: (_: unknown, c) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(c)} data-testid={`camera-edit-${c.id}`}>
                    {lbl('editAction')}
                  </Button>
                  <Popconfirm
                    title={t('video.setup.removeConfirm', { name: c.name })}
                    onConfirm={async () => {
                      await removeCamera(c.id);
                      message.success(t('crud.removed'));
                      reload();
                    }}
                  >
                    <Button type="link" size="small" danger>
                      {lbl('remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <CameraDialog
          camera={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('video.setup.saved'));
            reload();
          }}
        />
      )}
    </Space>
  );
}
