import { VideoCameraOutlined } from '@ant-design/icons';
import { Badge, Empty, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { byPark, type WallCamera } from './useCameras';

export const DRAG_TYPE = 'application/x-farmpark-camera';

interface Props {
  cameras: WallCamera[];
  /** The list is still on its way: a spinner, not "no cameras". */
  loading?: boolean;
  parkName: (groupId: number) => string;
  selected: number | null;
  onSelect: (camera: WallCamera | null) => void;
}

/** Cameras by park; each camera can be dragged onto a tile, or picked and then placed with a tap. */
export default function CameraTree({ cameras, loading, parkName, selected, onSelect }: Props) {
  const { t } = useTranslation();
  if (loading) return <Spin style={{ display: 'block', margin: '24px auto' }} data-testid="camera-tree-loading" />;
  if (cameras.length === 0) return <Empty description={t('video.noCameras')} />;
  const treeData = [...byPark(cameras)].map(([groupId, list]) => ({
    key: `park-${groupId}`,
    title: parkName(groupId),
    selectable: false,
    children: list.map((c) => ({
      key: `camera-${c.id}`,
      isLeaf: true,
      title: (
        // biome-ignore lint/a11y/noStaticElementInteractions: a drag source; the keyboard picks through the tree's selection
        <span
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData(DRAG_TYPE, String(c.id));
            e.dataTransfer.effectAllowed = 'copy';
          }}
          data-testid={`camera-node-${c.id}`}
          title={c.fault ? t(`video.refused.${c.fault}`) : c.online ? t('video.online') : t('video.offline')}
        >
          <Badge status={!c.enabled ? 'default' : c.online ? 'success' : 'error'} />
          <VideoCameraOutlined style={{ margin: '0 6px' }} />
          {c.name}
        </span>
      ),
    })),
  }));
  return (
    <Tree
      blockNode
      defaultExpandAll
      selectedKeys={selected === null ? [] : [`camera-${selected}`]}
      onSelect={(keys) => {
        const id = Number(String(keys[0] ?? '').replace('camera-', ''));
        onSelect(cameras.find((c) => c.id === id) ?? null);
      }}
      treeData={treeData}
    />
  );
}
