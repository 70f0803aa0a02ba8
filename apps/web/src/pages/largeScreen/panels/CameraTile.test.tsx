import type { CameraPictureItem } from '@farmpark/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DARK } from '../palette';
import CameraTile from './CameraTile';

const ZONE = 'Asia/Shanghai';
// 2026-11-24 13:04 UTC: 21:04 in the park's zone
const TAKEN = Date.UTC(2026, 10, 24, 13, 4);
const item = (picture: boolean, everyMinutes = 10): CameraPictureItem => ({
  cameraId: 7,
  everyMinutes,
  picture: picture
    ? { id: 42, cameraId: 7, takenAt: TAKEN, source: 'schedule', width: 640, height: 360, url: '/p?id=42' }
    : null,
});
const tile = (props: Partial<Parameters<typeof CameraTile>[0]>) =>
  render(
    <CameraTile name="育苗棚" online item={item(true)} palette={DARK} zone={ZONE} now={TAKEN + 60_000} {...props} />,
  );
const shown = () => screen.getByTestId('screen-camera');

describe('CameraTile', () => {
  it("shows the newest picture's thumbnail with its time in the park's zone, the date when not today", () => {
    const { unmount } = tile({});
    expect(shown().dataset.state).toBe('picture');
    expect(screen.getByTestId('screen-camera-picture').getAttribute('src')).toBe('/p?id=42&thumb=true');
    expect(screen.getByTestId('screen-camera-time').textContent).toBe('抓拍于 21:04');
    unmount();
    tile({ now: TAKEN + 2 * 86_400_000 });
    expect(screen.getByTestId('screen-camera-time').textContent).toBe('抓拍于 11-24 21:04');
  });

  it('says why there is no picture: offline, not set up, no schedule, waiting, failed to load', () => {
    const cases: [Partial<Parameters<typeof CameraTile>[0]>, string, string][] = [
      [{ online: false }, 'offline', '摄像头离线'],
      [{ item: undefined }, 'notSetUp', '未接入视频'],
      [{ item: item(false, 0) }, 'noSchedule', '未设置定时抓拍'],
      [{ item: item(false, 10) }, 'waiting', '等待首张抓拍'],
    ];
    for (const [props, state, words] of cases) {
      const { unmount } = tile(props);
      expect(shown().dataset.state).toBe(state);
      expect(shown().textContent).toContain(words);
      expect(screen.queryByTestId('screen-camera-picture')).toBeNull();
      unmount();
    }
    tile({});
    fireEvent.error(screen.getByTestId('screen-camera-picture'));
    expect(shown().dataset.state).toBe('failed');
    expect(shown().textContent).toContain('图片加载失败');
  });
});
