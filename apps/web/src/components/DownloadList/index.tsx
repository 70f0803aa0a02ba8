import { AndroidOutlined, AppleOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { APP_LINK_KEYS, type AppLinkKey, type AppLinks } from '@farmpark/contracts';
import { Card, Col, QRCode, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<AppLinkKey, ReactNode> = {
  android: <AndroidOutlined />,
  ios: <AppleOutlined />,
  mobileWeb: <MobileOutlined />,
  miniProgram: <WechatOutlined />,
};

/**
 * The merchant's app entries with a QR code each (drawn in the browser: no network), as an
 * administrator set them; unset ones say so.
 */
export default function DownloadList({ links, loading }: { links: AppLinks | undefined; loading?: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active />;
  return (
    <Row gutter={[12, 12]} data-testid="download-list">
      {APP_LINK_KEYS.map((key) => {
        const url = links?.[key] ?? '';
        return (
          <Col key={key} xs={24} sm={12}>
            <Card
              size="small"
              data-testid={`download-${key}`}
              title={
                <span>
                  {ICONS[key]} {t(`download.${key}`)}
                </span>
              }
            >
              {url ? (
                <div style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0 }}>
                  <QRCode value={url} size={96} bordered={false} data-testid={`qr-${key}`} />
                  <div style={{ minWidth: 0 }}>
                    <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
                      {t('download.open')}
                    </Typography.Link>
                    <Typography.Paragraph type="secondary" style={{ margin: 0, wordBreak: 'break-all' }}>
                      {url}
                    </Typography.Paragraph>
                  </div>
                </div>
              ) : (
                <Typography.Text type="secondary">{t('download.notConfigured')}</Typography.Text>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
