import type { Palette } from '../palette';
import css from '../screen.module.css';

/** One crop of a screen's crop list: its name, what is said of it, and a bar of its share of the largest. */
export function CropBar(props: {
  crop: string;
  said: string;
  /** Width of the bar in percent of the panel. */
  percent: number;
  index: number;
  palette: Palette;
  fontSize?: number;
}) {
  const { crop, said, percent, index, palette, fontSize } = props;
  return (
    <div data-crop={crop}>
      <div className={css.row} style={{ justifyContent: 'space-between', fontSize }}>
        <span className={css.ellipsis}>{crop}</span>
        <span className={css.muted} style={{ flex: 'none' }}>
          {said}
        </span>
      </div>
      <div className={css.bar}>
        <div
          className={css.barFill}
          style={{ width: `${percent}%`, background: palette.series[index % palette.series.length] }}
        />
      </div>
    </div>
  );
}
