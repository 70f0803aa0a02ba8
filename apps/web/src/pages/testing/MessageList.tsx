import './areaTexts';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { type TapEntry, TESTING_PAYLOAD_MAX } from '@farmpark/contracts';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { inPark } from '../../utils/time';
import styles from './testing.module.css';

/** JSON shown indented; anything else exactly as it came. Always rendered as text, never as HTML. */
function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

const VERDICT_COLOR = { accepted: 'success', refused: 'error', sent: 'processing' } as const;

function Row({ e, zone }: { e: TapEntry; zone: string }) {
  const { t } = useTranslation();
  return (
    <li
      className={styles.row}
      data-testid="testing-message"
      data-channel={e.channel}
      data-direction={e.direction}
      data-verdict={e.verdict}
      data-at={e.at}
      data-seq={e.seq}
    >
      <div className={styles.rowHead}>
        <span className={styles.time}>{inPark(e.at, zone).format('HH:mm:ss.SSS')}</span>
        <Tag
          color={e.direction === 'up' ? 'green' : 'blue'}
          icon={e.direction === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
        >
          {t(`testing.feed.${e.direction}`)}
        </Tag>
        <Tag>{t(`testing.channel.${e.channel}`)}</Tag>
        <Tag color={VERDICT_COLOR[e.verdict]}>{t(`testing.verdict.${e.verdict}`)}</Tag>
        <span className={styles.topic}>{e.topic}</span>
      </div>
      {e.verdict === 'refused' && (
        <div className={styles.refusal} data-testid="testing-refusal">
          {t(`testing.refusal.${e.refusal ?? 'other'}`)}
          {e.reason ? `: ${e.reason}` : ''}
        </div>
      )}
      <pre className={styles.payload}>{pretty(e.payload)}</pre>
      {e.truncated && <div className={styles.note}>{t('testing.feed.truncated', { max: TESTING_PAYLOAD_MAX })}</div>}
    </li>
  );
}

/** Newest first, as a live log reads. */
export function MessageList({ entries, zone, empty }: { entries: TapEntry[]; zone: string; empty: string }) {
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className={styles.list} data-testid="testing-messages">
      {[...entries].reverse().map((e) => (
        <Row key={e.seq} e={e} zone={zone} />
      ))}
    </ul>
  );
}
