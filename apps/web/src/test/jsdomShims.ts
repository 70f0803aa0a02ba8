// antd's Table and Tree measure themselves with ResizeObserver, which jsdom lacks; nothing here resizes.
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
