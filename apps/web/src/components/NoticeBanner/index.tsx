import { NotificationOutlined } from '@ant-design/icons';
import type { Notice } from '@farmpark/contracts';
import { Alert, Carousel, Col } from 'antd';
import { useEffect, useState } from 'react';
import { getEnableNoticeList } from '../../api/alarms';

/**
 * The home page banner: the merchant's enabled notices whose dates include today (notice/getEnableNoticeList).
 * It is a full-width column of the home grid, and renders nothing when there is no notice.
 */
export default function NoticeBanner() {
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    let live = true;
    getEnableNoticeList()
      .then((n) => live && setNotices(n))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (notices.length === 0) return null;
  const item = (n: Notice) => (
    <div key={n.id}>
      <strong>{n.title}</strong>
      {n.body ? `：${n.body}` : ''}
      <span style={{ marginLeft: 8, opacity: 0.6 }}>
        {n.startDate} ~ {n.endDate}
      </span>
    </div>
  );
  return (
    <Col span={24}>
      <Alert
        type="info"
        showIcon
        icon={<NotificationOutlined />}
        data-testid="notice-banner"
        title={
          notices.length === 1 ? (
            item(notices[0])
          ) : (
            <Carousel autoplay dots={false} dotPosition="left" autoplaySpeed={6000}>
              {notices.map(item)}
            </Carousel>
          )
        }
      />
    </Col>
  );
}
