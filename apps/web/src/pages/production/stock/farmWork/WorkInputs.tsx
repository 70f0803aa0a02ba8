import '../areaTexts';
import type { FarmWork } from '@farmpark/contracts';
import { useTranslation } from 'react-i18next';

/** Materials with quantities, or what the machine measured. */
export default function WorkInputs({ work }: { work: FarmWork }) {
  const { t } = useTranslation();
  if (work.source === 'machine') {
    const fert = work.fertiliser.map((f) => `${t(`productionStock.work.tank.${f.tank}`)} ${f.litres} L`).join('，');
    return (
      <span>
        {work.waterM3 !== null && t('productionStock.work.water', { v: work.waterM3 })}
        {fert && ` · ${t('productionStock.work.fertiliser')} ${fert}`}
      </span>
    );
  }
  return <span>{work.materials.map((m) => `${m.name} ${m.quantity} ${m.unit}`).join('；') || '—'}</span>;
}
