import '../../areaTexts';
import type { Park } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { alterGroupScreen } from '../../../../api/parks';
import { getScreenList } from '../../../../api/screens';

/** Which multi-park data screen opens for this park. */
export default function ScreenTab({ park }: { park: Park }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = useQuery({ queryKey: ['screens'], queryFn: getScreenList });
  return (
    <Form layout="vertical" style={{ maxWidth: 420 }}>
      <Form.Item label={t('pmap.screen.label')}>
        <Select
          data-testid="park-screen"
          defaultValue={park.screenId ?? 0}
          loading={screens.isPending}
          options={[
            { value: 0, label: t('pmap.screen.none') },
            ...(screens.data ?? []).map((s) => ({ value: s.screenId, label: s.screenTitle })),
          ]}
          onChange={async (v: number) => {
            try {
              await alterGroupScreen(park.groupId, v === 0 ? null : v);
              message.success(t('pmap.screen.saved'));
            } catch {
              // shown by the request client
            }
          }}
        />
      </Form.Item>
    </Form>
  );
}
