import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Search filters of a list: in place on wide screens; on a phone one "Filters" button (with the
 * number of filters in use) opens them in a drawer, so the list itself starts on the first screen.
 * The filters stay mounted while folded, so their form keeps its values.
 */
export default function FilterFold({
  phone,
  active,
  testId,
  children,
}: {
  phone: boolean;
  /** How many filters are set. */
  active: number;
  testId: string;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  if (!phone) return <>{children(close)}</>;
  return (
    <>
      {/* room for the count badge, and apart from the toolbar that follows */}
      <span style={{ display: 'inline-block', marginRight: 12, marginBottom: 12 }}>
        <Badge count={active} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid={`${testId}-filters`}>
            {t('crud.filters')}
          </Button>
        </Badge>
      </span>
      <Drawer
        open={open}
        onClose={close}
        placement="bottom"
        title={t('crud.filters')}
        forceRender
        data-testid={`${testId}-filters-drawer`}
      >
        {children(close)}
      </Drawer>
    </>
  );
}
