import './areaTexts';
import {
  TAP_CHANNELS,
  type TapChannelName,
  TESTING_BUFFER,
  type TestingDevice,
  type TestingLogin,
} from '@farmpark/contracts';
import { Alert, Badge, Button, Card, Segmented, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeedSource } from '../../api/testing';
import LanguageSwitch from '../../layout/LanguageSwitch';
import { getToken } from '../../utils/auth';
import { formatTime } from '../../utils/time';
import { CommandPanel } from './CommandPanel';
import { DevicePicker } from './DevicePicker';
import { InstallerSignIn } from './InstallerSignIn';
import { MessageList } from './MessageList';
import styles from './testing.module.css';
import { useMessageFeed } from './useMessageFeed';

type Mode = 'console' | 'installer';

/**
 * /testing (SPEC §2, public): a console user (their session) or an installer (serial and secret) picks a
 * device, watches its raw messages both ways with the server's verdict on each, and sends it commands.
 */
export default function TestingPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(getToken());
  const [mode, setMode] = useState<Mode>(signedIn ? 'console' : 'installer');
  const [picked, setPicked] = useState<TestingDevice | null>(null);
  const [login, setLogin] = useState<TestingLogin | null>(null);
  const [ended, setEnded] = useState(false);
  const [paused, setPaused] = useState(false);
  const [channel, setChannel] = useState<TapChannelName | 'all'>('all');

  const source: FeedSource | null = useMemo(() => {
    if (mode === 'console') return picked ? { kind: 'console', deviceId: picked.deviceId } : null;
    return login ? { kind: 'installer', token: login.token } : null;
  }, [mode, picked, login]);
  const feed = useMessageFeed(source, paused);
  const device = feed.device ?? (mode === 'console' ? picked : (login?.device ?? null));
  const zone = device?.timeZone;

  // The installer's token ended (expired, or the secret changed): back to the sign-in form, saying why.
  const tokenEnded = mode === 'installer' && login !== null && feed.refused !== null;
  useEffect(() => {
    if (!tokenEnded) return;
    setLogin(null);
    setEnded(true);
  }, [tokenEnded]);
  const shown = channel === 'all' ? feed.entries : feed.entries.filter((e) => e.channel === channel);

  return (
    <div className={styles.page} data-testid="testing-page">
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('testing.title')}</h1>
          <div className={styles.subtitle}>{t('testing.subtitle')}</div>
        </div>
        <LanguageSwitch />
      </div>
      <div className={styles.grid}>
        <div className={styles.auth}>
          <Segmented
            block
            value={mode}
            onChange={(v) => {
              setMode(v as Mode);
              setPaused(false);
            }}
            options={[
              { value: 'console', label: t('testing.mode.console') },
              { value: 'installer', label: t('testing.mode.installer') },
            ]}
            data-testid="testing-mode"
          />
          {mode === 'console' &&
            (signedIn ? (
              <DevicePicker onPick={setPicked} />
            ) : (
              <Card size="small">
                <p>{t('testing.consoleSignIn')}</p>
                <Link to="/login?redirect=/testing">
                  <Button type="primary" block>
                    {t('testing.consoleSignInButton')}
                  </Button>
                </Link>
              </Card>
            ))}
          {mode === 'installer' &&
            (login ? (
              <Card size="small" data-testid="testing-installer-session">
                <p>
                  {t('testing.installer.signedIn', {
                    serial: login.device.serial,
                    time: formatTime(login.expiresAt, 'minute', { zone: login.device.timeZone }),
                  })}
                </p>
                <Button block onClick={() => setLogin(null)}>
                  {t('testing.installer.signOut')}
                </Button>
              </Card>
            ) : (
              <InstallerSignIn
                notice={ended ? t('testing.installer.ended') : undefined}
                onSignedIn={(l) => {
                  setEnded(false);
                  setLogin(l);
                }}
              />
            ))}
        </div>
        {device && source && (
          <div className={styles.command}>
            <CommandPanel device={device} source={source} entries={feed.entries} />
          </div>
        )}
        <Card
          className={styles.feed}
          size="small"
          title={
            device ? (
              <Space wrap>
                <span>{`${device.name} (${device.serial})`}</span>
                <Badge
                  status={device.online ? 'success' : 'default'}
                  text={t(device.online ? 'testing.device.online' : 'testing.device.offline')}
                />
              </Space>
            ) : (
              t('testing.feed.title')
            )
          }
          data-testid="testing-feed"
        >
          {!source ? (
            <MessageList entries={[]} zone="UTC" empty={t('testing.feed.pickFirst')} />
          ) : feed.refused && mode === 'console' ? (
            <Alert type="error" showIcon message={feed.refused.message} />
          ) : feed.loading ? (
            <Spin />
          ) : (
            <>
              <div className={styles.toolbar} style={{ marginBottom: 8 }}>
                <Badge
                  status={paused ? 'warning' : 'processing'}
                  text={t(paused ? 'testing.feed.paused' : 'testing.feed.live')}
                />
                <Button size="small" onClick={() => setPaused((p) => !p)} data-testid="testing-pause">
                  {t(paused ? 'testing.feed.resume' : 'testing.feed.pause')}
                </Button>
                <Button size="small" onClick={feed.clear}>
                  {t('testing.feed.clear')}
                </Button>
                <Select
                  size="small"
                  value={channel}
                  onChange={setChannel}
                  style={{ minWidth: 110 }}
                  options={[
                    { value: 'all', label: t('testing.feed.all') },
                    ...TAP_CHANNELS.map((c) => ({ value: c, label: t(`testing.channel.${c}`) })),
                  ]}
                  data-testid="testing-channel"
                />
                <span className={styles.note}>{t('testing.feed.kept', { max: TESTING_BUFFER })}</span>
              </div>
              {feed.error && (
                <Alert type="warning" showIcon message={t('testing.feed.error', { message: feed.error })} />
              )}
              {feed.missed > 0 && (
                <Alert
                  type="info"
                  showIcon
                  message={t('testing.feed.gap', { count: feed.missed, max: TESTING_BUFFER })}
                />
              )}
              <MessageList entries={shown} zone={zone ?? 'UTC'} empty={t('testing.feed.waiting')} />
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
