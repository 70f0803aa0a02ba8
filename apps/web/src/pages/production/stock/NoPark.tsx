import './areaTexts';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown until a park is chosen: stock, work and machines belong to one park. */
export default function NoPark() {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty description={t('productionStock.noPark')} />
    </Card>
  );
}
