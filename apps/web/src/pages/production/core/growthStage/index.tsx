import '../areaTexts';
import type { Crop } from '@farmpark/contracts';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStandardList, standardExportUrl } from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import StandardEditor from './StandardEditor';

/** Production > growth standards: each crop's stages and ideal ranges (crops are added on the crops page). */
export default function GrowthStagePage() {
  const { t } = useTranslation();
  const [cropId, setCropId] = useState<number | null>(null);
  const lbl = (k: string) => t(`production.crop.${k}`);
  return (
    <>
      <CrudPage<Crop>
        testId="standard"
        rowKey="id"
        fetchList={getStandardList}
        exportUrl={standardExportUrl}
        rowActions={(c) => (
          <Button size="small" type="link" onClick={() => setCropId(c.id)} data-testid={`standard-edit-${c.id}`}>
            {t('production.stage.edit')}
          </Button>
        )}
        keyword={t('production.keyword')}
        columns={[
          { title: lbl('name'), dataIndex: 'name', width: 120 },
          { title: lbl('variety'), dataIndex: 'variety', width: 130 },
          { title: lbl('growingDays'), dataIndex: 'growingDays', width: 110 },
          {
            title: lbl('stageCount'),
            dataIndex: 'stageCount',
            width: 120,
            render: (n: number) => (n > 0 ? n : <Tag>{t('production.stage.none')}</Tag>),
          },
        ]}
      />
      <StandardEditor cropId={cropId} onClose={() => setCropId(null)} />
    </>
  );
}
