import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type { PtzDirection } from '@farmpark/contracts';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ptz } from '../../../api/video';

/** Direction, icon, and its [row, column] on a 3 x 3 pad (zoom in the top corners). */
const PAD: [PtzDirection, ReactNode, number, number][] = [
  ['zoomIn', <ZoomInOutlined key="i" />, 1, 1],
  ['up', <ArrowUpOutlined key="u" />, 1, 2],
  ['zoomOut', <ZoomOutOutlined key="o" />, 1, 3],
  ['left', <ArrowLeftOutlined key="l" />, 2, 1],
  ['right', <ArrowRightOutlined key="r" />, 2, 3],
  ['down', <ArrowDownOutlined key="d" />, 3, 2],
];

/** Hold a button to move (start on press, stop on release), like a camera's own remote. */
export default function PtzPad({ cameraId }: { cameraId: number }) {
  const { t } = useTranslation();
  const move = (direction: PtzDirection, action: 'start' | 'stop') =>
    ptz({ id: cameraId, direction, action, speed: 1 }).catch(() => {
      // the request client has shown why
    });
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 32px)', gap: 4 }}
      data-testid={`ptz-pad-${cameraId}`}
    >
      {PAD.map(([direction, icon, gridRow, gridColumn]) => {
        return (
          <Tooltip key={direction} title={t(`video.${direction}`)}>
            <Button
              size="small"
              icon={icon}
              style={{ gridRow, gridColumn }}
              aria-label={t(`video.${direction}`)}
              data-testid={`ptz-${direction}`}
              onPointerDown={() => void move(direction, 'start')}
              onPointerUp={() => void move(direction, 'stop')}
              onPointerLeave={(e) => {
                if (e.buttons) void move(direction, 'stop');
              }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
