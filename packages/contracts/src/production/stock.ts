/** Production stock contracts (materials, suppliers, machinery, farm work, videos), one export line in index.ts. */
export { roundQty } from './stockFields';
export * from './stockMaterials';
export * from './stockWork';
