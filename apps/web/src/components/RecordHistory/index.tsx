import { fieldName, type RecordRevision } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';
import { phraseLang } from '../../utils/formRules';
import { formatTime } from '../../utils/time';

const KIND_COLOR = { made: 'green', corrected: 'orange', removed: 'red' } as const;

export interface RecordHistoryProps {
  testId: string;
  /** What the drawer's title names: the record as a person knows it. */
  name: string;
  load: () => Promise<RecordRevision[]>;
  queryKey: readonly unknown[];
  /** The page's own words for fields (field → text) and their values (enums, units); the contracts' names otherwise. */
  labels?: Readonly<Record<string, string>>;
  value?: (field: string, value: unknown) => string | undefined;
}

/**
 * A finished record's revision history (issue 24): each revision newest first, who saved it and when (in the
 * park's zone), why, and what it changed from the one before. One drawer for farm work and harvests alike.
 */
export default function RecordHistory(props: RecordHistoryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mobile = useAppStore((s) => s.device === 'mobile');
  return (
    <>
      <Button type="link" size="small" data-testid={`${props.testId}-open`} onClick={() => setOpen(true)}>
        {t('recordHistory.action')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('recordHistory.title', { name: props.name })}
        width={mobile ? '100%' : 520}
        data-testid={`${props.testId}-drawer`}
      >
        {open && <Revisions {...props} />}
      </Drawer>
    </>
  );
}

function Revisions({ testId, load, queryKey, labels, value }: RecordHistoryProps) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: [...queryKey, 'history'], queryFn: load });
  if (q.isLoading) return <Spin />;
  if (q.isError) return <Alert type="error" showIcon title={t('crud.loadFailed')} />;
  if (!q.data?.length) return <Empty description={t('recordHistory.none')} />;
  // the contracts' names are lower case in English (for inside a sentence); here each starts a line
  const nameOf = (field: string) => {
    const name = labels?.[field] ?? fieldName(field, phraseLang());
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
  const shown = (field: string, v: unknown) => value?.(field, v) ?? plain(v);
  return (
    <Timeline
      data-testid={`${testId}-revisions`}
      items={q.data.map((r) => ({
        key: r.revision,
        color: KIND_COLOR[r.kind],
        children: (
          <div data-testid={`${testId}-revision-${r.revision}`}>
            <Tag color={KIND_COLOR[r.kind]}>{t(`recordHistory.${r.kind}`)}</Tag>
            <Typography.Text type="secondary">
              {t('recordHistory.by', { name: r.userName || '—', at: formatTime(r.at) })}
            </Typography.Text>
            {r.reason && <div>{t('recordHistory.reason', { reason: r.reason })}</div>}
            {r.kind === 'corrected' && (
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                {r.changes.length === 0 && <li>{t('recordHistory.noChange')}</li>}
                {r.changes.map((c) => (
                  <li key={c.field}>
                    {nameOf(c.field)}: <Typography.Text delete>{shown(c.field, c.before)}</Typography.Text> →{' '}
                    {shown(c.field, c.after)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** A value as text: lists joined, a line of materials as "name quantity unit", nothing as a dash. */
function plain(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map(plain).join('、') : '—';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return 'name' in o
      ? [o.name, o.quantity, o.unit].filter((x) => x !== undefined).join(' ')
      : Object.values(o).map(plain).join(' ');
  }
  return String(v);
}
