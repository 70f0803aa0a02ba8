import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { switchPark } from '../router/parkSwitch';
import { parkLabel, useParkStore } from '../stores/park';
import styles from './layout.module.css';

export default function ParkSelector() {
  const { t } = useTranslation();
  const parks = useParkStore((s) => s.parks);
  const active = useParkStore((s) => s.activeGroupId);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className={styles.parkSelect} data-testid="park-selector">
      <Select
        style={{ width: '100%' }}
        aria-label={t('navbar.park')}
        value={active ?? undefined}
        options={parks.map((p) => ({ value: p.groupId, label: parkLabel(p) }))}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={false}
        onChange={(groupId: number) => {
          if (groupId !== active) switchPark(groupId, navigate, location.pathname + location.search);
        }}
      />
    </div>
  );
}
