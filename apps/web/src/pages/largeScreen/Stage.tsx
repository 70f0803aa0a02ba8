import type { ReactNode } from 'react';
import type { Freshness } from './freshness';
import { type Palette, varsOf } from './palette';
import ScaleBox from './ScaleBox';
import css from './screen.module.css';

/**
 * The stage of a screen that shows data: scaled to its host, in its palette, and saying how fresh its data
 * is (`data-fresh`, which styles and the e2e tests read), for the one-park and the multi-park screen alike.
 */
export default function Stage(props: { palette: Palette; testId: string; fresh: Freshness; children: ReactNode }) {
  const { palette } = props;
  return (
    <ScaleBox background={palette.page} testId="screen-box">
      <div
        className={css.stage}
        style={varsOf(palette)}
        data-testid={props.testId}
        data-theme={palette.name}
        data-fresh={props.fresh.state}
      >
        {props.children}
      </div>
    </ScaleBox>
  );
}
