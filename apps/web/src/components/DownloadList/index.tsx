import { AndroidOutlined, AppleOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { Card, Col, QRCode, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_ENTRIES, type DownloadEntry } from '../../config/external';

const ICONS: Record<DownloadEntry['key'], ReactNode> = {
  android: <AndroidOutlined />,
  ios: <AppleOutlined />,
  mobileWeb: <MobileOutlined />,
  miniProgram: <WechatOutlined />,
};

/** The app entries as configured for this deployment (config/external.ts); unconfigured ones say so. */
export default function DownloadList() {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]} data-testid="download-list">
      {DOWNLOAD_ENTRIES.map((entry) => (
        <Col key={entry.key} xs={24} sm={12}>
          <Card
            size="small"
            title={
              <span>
                {ICONS[entry.key]} {t(`download.${entry.key}`)}
              </span>
            }
          >
            {entry.url ? (
              <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                <QRCode value={entry.url} size={96} bordered={false} />
                <Typography.Link href={entry.url} target="_blank" rel="noopener noreferrer">
                  {t('download.open')}
                </Typography.Link>
              </div>
            ) : (
              <Typography.Text type="secondary">{t('download.notConfigured')}</Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
