import '../system/areaTexts';
import { DesktopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenList } from '../../api/screens';
import { builtInScreens, screenUrl } from '../../layout/dialogs/ScreenDialog';
import { parkLabel, useParkStore } from '../../stores/park';

/**
 * The home of a data-screen account: the data screens of its parks and nothing else, the built-in
 * screens of each park first, then the multi-park screens an administrator made for them.
 */
export default function ScreenHomePage() {
  const { t } = useTranslation();
  const parks = useParkStore((s) => s.parks);
  const screens = useQuery({ queryKey: ['screens'], queryFn: getScreenList });
  return (
    <Card title={t('admin.screenHome.title')} data-testid="screen-home">
      <Typography.Paragraph>{t('admin.screenHome.intro')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('admin.screenHome.builtIn')}</Typography.Title>
      <List
        dataSource={parks}
        data-testid="screen-home-parks"
        renderItem={(p) => (
          <List.Item>
            <List.Item.Meta avatar={<DesktopOutlined />} title={parkLabel(p)} />
            <Space wrap>
              {builtInScreens(p.groupId).map((s) => (
                <Link key={s.key} to={s.path} data-testid={`screen-home-${s.key}`}>
                  <Button type={s.key === 'dark' ? 'primary' : 'default'}>{t(`admin.screenHome.${s.key}`)}</Button>
                </Link>
              ))}
            </Space>
          </List.Item>
        )}
      />
      <Typography.Title level={5}>{t('admin.screenHome.multi')}</Typography.Title>
      {screens.isPending ? (
        <Spin />
      ) : (
        <List
          dataSource={screens.data ?? []}
          locale={{ emptyText: <Empty description={t('admin.screenHome.empty')} /> }}
          renderItem={(s) => (
            <List.Item
              actions={[
                <Button
                  key="open"
                  type="primary"
                  href={screenUrl(s.screenAddress, s.screenTitle, s.screenId)}
                  target="_blank"
                >
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
