import './areaTexts';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Deletes the selected box of a photo after a question naming its category: a box is a counted catch,
 * and a mis-click would lower the day's count (and its alerts) without anyone noticing.
 */
export default function DeleteBoxButton({ category, onConfirm }: { category: string | null; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('pests.deleteBoxConfirm', { name: category ?? '' })}
      okText={t('pests.deleteBox')}
      okButtonProps={{ danger: true, 'data-testid': 'delete-box-ok' }}
      cancelText={t('pests.cancel')}
      cancelButtonProps={{ 'data-testid': 'delete-box-cancel' }}
      disabled={category === null}
      onConfirm={onConfirm}
    >
      <Button danger disabled={category === null} data-testid="delete-box">
        {t('pests.deleteBox')}
      </Button>
    </Popconfirm>
  );
}
