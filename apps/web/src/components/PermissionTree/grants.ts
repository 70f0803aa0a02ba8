import type { PermitNode } from '@farmpark/contracts';

export interface PermitTreeNode {
  key: string;
  title: string;
  children?: PermitTreeNode[];
}

/** The catalogue as antd tree data, titled in the current language. */
export function toTreeData(nodes: readonly PermitNode[], english: boolean): PermitTreeNode[] {
  return nodes.map((n) => ({
    key: n.permitUrl,
    title: english ? n.title.en : n.title.zh,
    ...(n.children?.length ? { children: toTreeData(n.children, english) } : {}),
  }));
}

/**
 * The smallest grant list for what is checked: a fully checked section is sent as the section
 * alone (the server expands it to all its pages, today's and future ones), otherwise its checked pages.
 */
export function compactGrants(nodes: readonly PermitNode[], checked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (checked.has(n.permitUrl)) out.push(n.permitUrl);
    else if (n.children) out.push(...compactGrants(n.children, checked));
  }
  return out;
}
