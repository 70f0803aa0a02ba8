import type { PermitNode } from '@farmpark/contracts';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isEnglish } from '../../i18n';
import { compactGrants, toTreeData } from './grants';

interface Props {
  catalogue: readonly PermitNode[];
  /** Granted permitUrls; a section stands for all its pages. */
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/**
 * The role editor's permission tree: checking a section checks all its pages; the value is the
 * compact grant list (sections whole, pages otherwise).
 */
export default function PermissionTree({ catalogue, value = [], onChange, disabled }: Props) {
  const { i18n } = useTranslation();
  const treeData = useMemo(() => toTreeData(catalogue, isEnglish(i18n.language)), [catalogue, i18n.language]);
  // A long catalogue scrolls inside the dialog instead of stretching it past the screen.
  return (
    <div style={{ maxHeight: '45vh', overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={value}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onChange?.(compactGrants(catalogue, new Set(keys.map(String))));
        }}
        data-testid="permission-tree"
      />
    </div>
  );
}
