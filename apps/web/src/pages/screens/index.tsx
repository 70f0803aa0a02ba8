import '../system/areaTexts';
import { DesktopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenList } from '../../api/screens';
import MultiScreenList from '../../layout/dialogs/MultiScreenList';
import { builtInScreens } from '../../layout/dialogs/screenUrl';
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
      <MultiScreenList
        screens={screens.data}
        pending={screens.isPending}
        empty={t('admin.screenHome.empty')}
        openLabel={t('admin.screen.open')}
        primary
        testId="screen-home-list"
      />
    </Card>
  );
}
