import { Grid, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Width counted for a column that declares none (antd gives it the leftover space). */
const FLEX_WIDTH = 120;
/** The checkbox column of a table with row selection. */
const SELECTION_WIDTH = 48;

/** The one pager of every paged list: page sizes and the total in the reader's language. */
export function pagerOf(t: TFunction, page: TablePaginationConfig = {}): TablePaginationConfig {
  return {
    showSizeChanger: true,
    showTotal: (total) => t('crud.total', { total }),
    ...page,
  };
}

/** pagerOf for a page's own Table (lists that are not a CrudPage). */
export function usePager() {
  const { t } = useTranslation();
  return (page: TablePaginationConfig = {}) => pagerOf(t, page);
}

/**
 * The table policy of the console. A column's `responsive` breakpoints are its priority: the decisive
 * fields carry none and always show, secondary ones name the widths they need (e.g. ['xxl'] drops a
 * column on a 1440 px screen, ['md'] on a phone). `scroll.x` is the width of the columns that show,
 * so the table only scrolls sideways (and a pinned action column only covers data) when the screen
 * really is narrower than them; on phones nothing is pinned, the whole table scrolls.
 */
export function useTableLayout<R>(columns: TableColumnsType<R>, opts: { selectable?: boolean } = {}) {
  const screens = Grid.useBreakpoint();
  const { t } = useTranslation();
  // before the first measurement every breakpoint is undefined: treat as wide
  const phone = screens.md === false;
  const shown = columns.filter((c) => !c.responsive || c.responsive.some((b) => screens[b] !== false));
  const x = shown.reduce(
    (sum, c) => sum + (typeof c.width === 'number' ? c.width : FLEX_WIDTH),
    opts.selectable ? SELECTION_WIDTH : 0,
  );
  return {
    phone,
    columns: phone ? columns.map(({ fixed: _fixed, ...c }) => c) : columns,
    scroll: { x },
    pager: (page: TablePaginationConfig = {}) =>
      pagerOf(t, phone ? { size: 'small', showSizeChanger: false, ...page } : page),
  };
}
