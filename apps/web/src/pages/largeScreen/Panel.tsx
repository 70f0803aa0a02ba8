import './areaTexts';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import css from './screen.module.css';

export interface PanelState {
  loading?: boolean;
  /** The last load failed and there is nothing to show yet. */
  error?: boolean;
  /** The user's role may not read this panel's data. */
  forbidden?: boolean;
  empty?: boolean;
  emptyText?: string;
}

/**
 * A framed panel of the stage with its title, an optional note on the right, and the loading, error,
 * no-permission and empty states in words (the same for every panel, so a wall reads consistently).
 */
export default function Panel({
  title,
  extra,
  area,
  testId,
  state = {},
  bodyStyle,
  children,
}: {
  title: string;
  extra?: ReactNode;
  area?: string;
  testId: string;
  state?: PanelState;
  bodyStyle?: CSSProperties;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const kind = state.forbidden
    ? 'forbidden'
    : state.loading
      ? 'loading'
      : state.error
        ? 'error'
        : state.empty
          ? 'empty'
          : null;
  const words =
    kind === 'forbidden'
      ? t('screen.notPermitted')
      : kind === 'loading'
        ? t('screen.loading')
        : kind === 'error'
          ? t('screen.failed')
          : kind === 'empty'
            ? state.emptyText
            : null;
  return (
    <section className={css.panel} style={area ? { gridArea: area } : undefined} data-testid={testId}>
      <header className={css.panelHead}>
        <span className={css.panelTitle}>{title}</span>
        {extra && !words ? <span className={css.panelExtra}>{extra}</span> : null}
      </header>
      <div className={css.panelBody} style={bodyStyle}>
        {words ? (
          <div className={css.state} data-testid={`${testId}-state`} data-kind={kind}>
            {words}
          </div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
