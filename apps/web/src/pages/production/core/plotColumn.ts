import type { TFunction } from 'i18next';

/**
 * The plot column of plantings and harvests: a plot removed since keeps its records, which then say so
 * instead of a blank.
 */
export const plotColumn = (t: TFunction, width: number) => ({
  title: t('production.planting.plot'),
  dataIndex: 'areaPointName',
  width,
  render: (v: string | null) => v ?? t('production.planting.plotRemoved'),
});
