import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** An icon button of a tile's title bar (white on the dark picture), its name in a tooltip. */
export default function TileButton(props: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
  loading?: boolean;
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        size="small"
        type="text"
        style={{ color: '#fff' }}
        icon={props.icon}
        loading={props.loading}
        onClick={props.onClick}
        data-testid={props.testId}
      />
    </Tooltip>
  );
}
