import { DesktopOutlined } from '@ant-design/icons';
import type { Screen } from '@farmpark/contracts';
import { Button, Empty, List, Spin } from 'antd';
import { screenUrl } from './screenUrl';

/**
 * The multi-park screens a user may open (getScreenList), each opening in a new tab at its address with its
 * title: the screen dialog of the top bar and the home of a data-screen account show the same list.
 */
export default function MultiScreenList({
  screens,
  pending,
  empty,
  openLabel,
  primary = false,
  testId,
}: {
  screens: readonly Screen[] | undefined;
  pending: boolean;
  empty: string;
  openLabel: string;
  primary?: boolean;
  testId?: string;
}) {
  if (pending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  return (
    <List
      dataSource={screens ?? []}
      locale={{ emptyText: <Empty description={empty} /> }}
      renderItem={(s) => (
        <List.Item
          actions={[
            <Button
              key="open"
              type={primary ? 'primary' : 'link'}
              href={screenUrl(s.screenAddress, s.screenTitle, s.screenId)}
              target="_blank"
              rel="noopener"
            >
              {openLabel}
            </Button>,
          ]}
        >
          <List.Item.Meta avatar={<DesktopOutlined />} title={s.screenTitle} description={s.screenAddress} />
        </List.Item>
      )}
      data-testid={testId}
    />
  );
}
