import type { Detection, PestCategory } from '@farmpark/contracts';
import { useRef } from 'react';
import { imageUrl } from '../../api/pests';

const COLOURS = ['#e8590c', '#1971c2', '#2f9e44', '#c2255c', '#6741d9', '#0c8599', '#f08c00', '#5c940d'];
export const colourOf = (categoryId: number, cats: PestCategory[]) =>
  COLOURS[
    Math.max(
      0,
      cats.findIndex((c) => c.categoryId === categoryId),
    ) % COLOURS.length
  ];

type Box = Pick<Detection, 'x' | 'y' | 'w' | 'h'>;

/**
 * A photo with its boxes drawn by category. A box is selected by a click, moved by dragging it and
 * resized by dragging its corner; the new box is sent when the pointer is released.
 */
export default function PhotoBoxes({
  imageId,
  detections,
  categories,
  selected,
  onSelect,
  onChange,
  editable,
}: {
  imageId: number;
  detections: Detection[];
  categories: PestCategory[];
  selected: number | null;
  onSelect?: (id: number | null) => void;
  onChange?: (id: number, box: Box) => void;
  editable: boolean;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{
    id: number;
    mode: 'move' | 'resize';
    sx: number;
    sy: number;
    box: Box;
    el: HTMLElement;
  } | null>(null);

  const start = (e: React.PointerEvent<HTMLElement>, d: Detection, mode: 'move' | 'resize') => {
    if (!editable) return;
    e.stopPropagation();
    onSelect?.(d.detectionId);
    const el = (mode === 'move' ? e.currentTarget : e.currentTarget.parentElement) as HTMLElement;
    el.setPointerCapture?.(e.pointerId);
    drag.current = {
      id: d.detectionId,
      mode,
      sx: e.clientX,
      sy: e.clientY,
      box: { x: d.x, y: d.y, w: d.w, h: d.h },
      el,
    };
  };
  const next = (e: React.PointerEvent): Box | null => {
    const g = drag.current;
    const r = frame.current?.getBoundingClientRect();
    // a frame with no size (its photo still loading after a change) measures no move: a click stays a click
    // instead of a box of NaN sent to the server
    if (!g || !r || r.width <= 0 || r.height <= 0) return null;
    const dx = (e.clientX - g.sx) / r.width;
    const dy = (e.clientY - g.sy) / r.height;
    const b = g.box;
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
    if (g.mode === 'move') return { ...b, x: clamp(b.x + dx, 0, 1 - b.w), y: clamp(b.y + dy, 0, 1 - b.h) };
    return { ...b, w: clamp(b.w + dx, 0.01, 1 - b.x), h: clamp(b.h + dy, 0.01, 1 - b.y) };
  };
  const place = (el: HTMLElement, b: Box) => {
    el.style.left = `${b.x * 100}%`;
    el.style.top = `${b.y * 100}%`;
    el.style.width = `${b.w * 100}%`;
    el.style.height = `${b.h * 100}%`;
  };

  return (
    <div
      ref={frame}
      style={{ position: 'relative', width: '100%', userSelect: 'none', touchAction: 'none' }}
      onPointerMove={(e) => {
        const b = next(e);
        if (b && drag.current) place(drag.current.el, b);
      }}
      onPointerUp={(e) => {
        const b = next(e);
        const g = drag.current;
        drag.current = null;
        if (g && b && (b.x !== g.box.x || b.y !== g.box.y || b.w !== g.box.w || b.h !== g.box.h)) {
          const round = (v: number) => Math.round(v * 1e4) / 1e4;
          onChange?.(g.id, { x: round(b.x), y: round(b.y), w: round(b.w), h: round(b.h) });
        }
      }}
      onPointerDown={() => onSelect?.(null)}
      data-testid="photo-frame"
    >
      <img src={imageUrl(imageId)} alt="" style={{ width: '100%', display: 'block' }} draggable={false} />
      {detections.map((d) => {
        const colour = colourOf(d.categoryId, categories);
        const on = d.detectionId === selected;
        return (
          <div
            key={d.detectionId}
            data-testid={`box-${d.detectionId}`}
            onPointerDown={(e) => start(e, d, 'move')}
            style={{
              position: 'absolute',
              left: `${d.x * 100}%`,
              top: `${d.y * 100}%`,
              width: `${d.w * 100}%`,
              height: `${d.h * 100}%`,
              border: `2px ${d.source === 'staff' ? 'dashed' : 'solid'} ${colour}`,
              boxShadow: on ? `0 0 0 2px #fff, 0 0 0 4px ${colour}` : undefined,
              cursor: editable ? 'move' : 'default',
            }}
          >
            {on && editable && (
              <span
                onPointerDown={(e) => start(e, d, 'resize')}
                style={{
                  position: 'absolute',
                  right: -6,
                  bottom: -6,
                  width: 12,
                  height: 12,
                  background: colour,
                  cursor: 'nwse-resize',
                }}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
