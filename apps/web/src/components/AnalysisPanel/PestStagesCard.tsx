import '../areaTexts';
import { PEST_KIND_PERMIT, type PestStage, type PestStages, type SprayWindow } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearBiofix, getPestStages, setBiofix } from '../../api/agronomy';
import { usePermits } from '../../pages/dashboard/usePermits';
import { useSaving } from '../../utils/formSave';
import SprayWindowDialog from './SprayWindowDialog';

const FARM_WORK = '/productionManagement/farmWork';

/** A stage's line: its degree days after biofix and the day it was reached or is forecast. */
function stageText(t: TFunction, st: PestStage): string {
  const dd = st.ddF === null ? `${st.ddC} °C·d` : t('agronomy.stages.ddOf', { c: st.ddC, f: st.ddF });
  const when = st.reachedOn
    ? t('agronomy.stages.reached', { date: st.reachedOn })
    : st.forecastOn
      ? t('agronomy.stages.forecast', { date: st.forecastOn })
      : '—';
  return `${t(`agronomy.stages.stage.${st.key}`, { defaultValue: st.key })} · ${dd} · ${when}`;
}

/** What the forecast says, with its method, or why there is none. */
function forecastText(t: TFunction, s: PestStages): string {
  const f = s.forecast;
  if (f.gap) return t(`agronomy.stages.gap.${f.gap}`, { days: f.recentDays });
  return t('agronomy.stages.forecastLine', {
    stage: t(`agronomy.stages.stage.${f.nextStage}`, { defaultValue: f.nextStage }),
    date: f.on,
    remaining: f.remainingDd,
    mean: f.meanDd,
    days: f.recentDays,
    ahead: f.daysAhead,
  });
}

/**
 * A pest category's biofix in the park (the traps' first sustained catch, or the operator's), the stages of
 * its published table reached and forecast, and the coming spray window with a way to plan it (issue 27,
 * points 2 and 3). The server judges everything (docs/PESTS.md "Biofix and stages"); this only shows it.
 */
export default function PestStagesCard({ groupId, categoryId }: { groupId: number; categoryId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const permits = usePermits();
  const canSet = permits.has(PEST_KIND_PERMIT.insect);
  const canPlan = permits.has(FARM_WORK);
  const [moving, setMoving] = useState<Dayjs | null>(null);
  const [planning, setPlanning] = useState<SprayWindow | null>(null);
  const { saving, run } = useSaving();
  const q = { groupId, categoryId };
  const stages = useQuery({ queryKey: ['pest-stages', groupId, categoryId], queryFn: () => getPestStages(q) });
  const s = stages.data;
  if (!s) return null;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['pest-stages', groupId, categoryId] });
    await client.invalidateQueries({ queryKey: ['agronomy-degree-days'] });
  };
  const save = (send: () => Promise<unknown>) =>
    run(async () => {
      await send();
      message.success(t('agronomy.stages.saved'));
      setMoving(null);
      await refresh();
    });
  const note = (text: string, testId?: string) => (
    <Typography.Text type="secondary" style={{ display: 'block' }} data-testid={testId}>
      {text}
    </Typography.Text>
  );
  const { biofix, trapBiofix } = s;
  const sourceText = biofix
    ? biofix.source === 'moved'
      ? biofix.trapOnWhenSaved
        ? t('agronomy.stages.source.moved', { trap: biofix.trapOnWhenSaved })
        : t('agronomy.stages.source.movedNoTrap')
      : t(`agronomy.stages.source.${biofix.source}`)
    : '';
  const coming = s.sprayWindows.find((w) => w.state !== 'passed');

  return (
    <div data-testid="pest-stages" style={{ marginTop: 12, maxWidth: 520 }}>
      <Typography.Text strong style={{ display: 'block' }}>
        {t('agronomy.stages.title')}
      </Typography.Text>
      <Typography.Text style={{ display: 'block' }} data-testid="biofix">
        {biofix
          ? `${t('agronomy.stages.biofix', { date: biofix.date })} · ${sourceText}`
          : t('agronomy.stages.noBiofix')}
      </Typography.Text>
      {note(
        trapBiofix
          ? t('agronomy.stages.trapCatch', {
              date: trapBiofix.date,
              trap: trapBiofix.deviceName,
              first: trapBiofix.counts[0],
              second: trapBiofix.counts[1],
            })
          : t('agronomy.stages.noTrapCatch', { since: s.seasonStart }),
      )}
      {canSet ? (
        <Space wrap size={8} style={{ margin: '6px 0' }}>
          {biofix?.source === 'traps' ? (
            <Button
              size="small"
              loading={saving}
              data-testid="biofix-confirm"
              onClick={() => save(() => setBiofix({ ...q, biofixOn: biofix.date }))}
            >
              {t('agronomy.stages.confirm')}
            </Button>
          ) : null}
          <DatePicker
            size="small"
            value={moving}
            onChange={setMoving}
            placeholder={t('agronomy.stages.moveTo')}
            aria-label={t('agronomy.stages.moveTo')}
            disabledDate={(d) => d.isAfter(dayjs(s.asOf).add(1, 'day'), 'day')}
            data-testid="biofix-day"
          />
          <Button
            size="small"
            disabled={!moving}
            loading={saving}
            data-testid="biofix-move"
            onClick={() => moving && save(() => setBiofix({ ...q, biofixOn: moving.format('YYYY-MM-DD') }))}
          >
            {t('agronomy.stages.move')}
          </Button>
          {biofix && biofix.source !== 'traps' ? (
            <Button size="small" loading={saving} data-testid="biofix-clear" onClick={() => save(() => clearBiofix(q))}>
              {t('agronomy.stages.backToTraps')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {s.sumSinceBiofix !== null ? note(t('agronomy.stages.sum', { sum: s.sumSinceBiofix, asOf: s.asOf })) : null}
      {s.stages.length ? (
        <ul style={{ margin: '4px 0', paddingInlineStart: 20 }} data-testid="stage-list">
          {s.stages.map((st) => (
            <li key={st.key}>
              <Typography.Text type={st.reachedOn ? undefined : 'secondary'}>{stageText(t, st)}</Typography.Text>
            </li>
          ))}
        </ul>
      ) : null}
      <Typography.Text style={{ display: 'block' }} data-testid="stage-forecast">
        {forecastText(t, s)}
      </Typography.Text>
      {s.tableSource ? note(t('agronomy.stages.tableSource', { source: s.tableSource })) : null}
      {coming ? (
        <Space wrap size={8} style={{ marginTop: 6 }}>
          <Typography.Text data-testid="spray-window">
            {t('agronomy.stages.windowLine', {
              name: t(`agronomy.stages.window.${coming.key}`, { defaultValue: coming.key }),
              from: coming.opensOn ?? '—',
              to: coming.closesOn ?? '—',
              state: t(`agronomy.stages.windowState.${coming.state}`),
            })}
          </Typography.Text>
          {canPlan && coming.opensOn && coming.closesOn ? (
            <Button size="small" type="primary" data-testid="spray-plan" onClick={() => setPlanning(coming)}>
              {t('agronomy.stages.plan')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {planning ? (
        <SprayWindowDialog
          stages={s}
          window={planning}
          groupId={groupId}
          onClose={() => setPlanning(null)}
          onSaved={refresh}
        />
      ) : null}
    </div>
  );
}
