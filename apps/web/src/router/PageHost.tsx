import { Spin } from 'antd';
import { type ComponentType, Suspense } from 'react';

/** Renders a (lazy) page with a spinner while its chunk loads. */
export default function PageHost({ component: Page }: { component: ComponentType }) {
  return (
    <Suspense
      fallback={
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}
