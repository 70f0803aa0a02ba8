import '../../areaTexts';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from './moveItem';

export interface SortItem {
  key: string;
  name: string;
}

/**
 * Variable groups ordered by HTML5 drag and drop, with up/down buttons for keyboards and phones
 * (touch screens do not fire HTML5 drag events).
 */
export default function GroupSortList({
  items,
  onChange,
}: {
  items: readonly SortItem[];
  onChange: (next: readonly SortItem[]) => void;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return (
    <List
      bordered
      dataSource={[...items]}
      data-testid="group-sort-list"
      renderItem={(g, i) => (
        <List.Item
          draggable
          data-testid={`group-${g.key}`}
          onDragStart={(e) => {
            setDragging(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', g.key);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(i);
          }}
          onDragEnd={() => {
            setDragging(null);
            setOver(null);
          }}
          onDrop={(e) => {
            e.preventDefault();
            if (dragging !== null) onChange(moveItem(items, dragging, i));
            setDragging(null);
            setOver(null);
          }}
          style={{
            cursor: 'grab',
            background: over === i && dragging !== i ? '#e6f4ff' : undefined,
            opacity: dragging === i ? 0.5 : 1,
          }}
          actions={[
            <Button
              key="up"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('devmgt.sort.moveUp')}
              disabled={i === 0}
              onClick={() => onChange(moveItem(items, i, i - 1))}
            />,
            <Button
              key="down"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('devmgt.sort.moveDown')}
              disabled={i === items.length - 1}
              onClick={() => onChange(moveItem(items, i, i + 1))}
            />,
          ]}
        >
          <HolderOutlined style={{ marginRight: 8, color: '#999' }} />
          <span style={{ flex: 1 }}>
            {i + 1}. {g.name}
          </span>
        </List.Item>
      )}
    />
  );
}
