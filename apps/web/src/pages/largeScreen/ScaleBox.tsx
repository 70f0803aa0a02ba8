import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { type Fit, fitStage, STAGE } from './scale';

/**
 * A fixed 1920 x 1080 stage scaled by CSS transform to the largest size that fits its host, centred
 * with letterbox bars. Panels are laid out once, for the design size, and look the same on every
 * screen; the scale is computed again whenever the host's size changes (window resize, fullscreen).
 * The transform is static between resizes, so the browser rasterises text at the final scale (crisp).
 */
export default function ScaleBox({
  children,
  background,
  testId = 'scale-box',
}: {
  children: ReactNode;
  /** The letterbox bars' colour. */
  background: string;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<Fit>(() => fitStage(window.innerWidth, window.innerHeight));

  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const measure = () => {
      const next = fitStage(el.clientWidth, el.clientHeight);
      setFit((prev) => (prev.scale === next.scale && prev.left === next.left && prev.top === next.top ? prev : next));
    };
    measure();
    // the host follows the window; observing it also catches fullscreen and devtools panels
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const hostStyle: CSSProperties = {
    position: 'fixed',
    inset: 0,
    overflow: 'hidden',
    background,
  };
  const stageStyle: CSSProperties = {
    position: 'absolute',
    left: fit.left,
    top: fit.top,
    width: STAGE.width,
    height: STAGE.height,
    transform: `scale(${fit.scale})`,
    transformOrigin: '0 0',
    overflow: 'hidden',
  };
  return (
    <div ref={host} style={hostStyle} data-testid={testId}>
      <div style={stageStyle} data-testid={`${testId}-stage`} data-scale={fit.scale.toFixed(4)}>
        {children}
      </div>
    </div>
  );
}
