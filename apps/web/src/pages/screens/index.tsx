import { DesktopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getScreenList } from '../../api/screens';
import { screenUrl } from '../../layout/dialogs/ScreenDialog';
import { useParkStore } from '../../stores/park';

/**
 * The home of a data-screen account: the data screens of its parks and nothing else. The screens
 * themselves are a later capability; the page says so rather than pretend.
 */
export default function ScreenHomePage() {
  const { t } = useTranslation();
  const parks = useParkStore((s) => s.parks);
  const screens = useQuery({ queryKey: ['screens'], queryFn: getScreenList });
  return (
    <Card title={t('admin.screenHome.title')} data-testid="screen-home">
      <Typography.Paragraph>{t('admin.screenHome.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('admin.screenHome.parks', { parks: parks.map((p) => p.groupName).join('、') })}
      </Typography.Paragraph>
      <Alert type="info" showIcon message={t('admin.screenHome.pending')} style={{ marginBottom: 16 }} />
      {screens.isPending ? (
        <Spin />
      ) : (
        <List
          dataSource={screens.data ?? []}
          locale={{ emptyText: <Empty description={t('admin.screenHome.empty')} /> }}
          renderItem={(s) => (
            <List.Item
              actions={[
                <Button key="open" type="primary" href={screenUrl(s.screenAddress, s.screenTitle)} target="_blank">
                  {t('admin.screen.open')}
                </Button>,
              ]}
            >
              <List.Item.Meta avatar={<DesktopOutlined />} title={s.screenTitle} description={s.screenAddress} />
            </List.Item>
          )}
          data-testid="screen-home-list"
        />
      )}
    </Card>
  );
}
