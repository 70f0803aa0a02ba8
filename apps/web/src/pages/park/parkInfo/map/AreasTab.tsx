import '../../areaTexts';
import { type AreaPoint, alterGroupAreaPointBody, type GroupPoint, type Park } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, InputNumber, Popconfirm, Row, Space, Table } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alterAreaPoint, getAreaPoints, removeAreaPoints } from '../../../../api/points';
import MapCanvas from '../../../../components/MapCanvas';
import { emptyPolygon, isSavable, polygonReducer, ringHectares } from '../../../../components/MapCanvas/polygonEditor';
import { contractRule } from '../../../../utils/formRules';
import { AREA_COLOR, EDIT_COLOR, PARK_COLOR, parkCenter } from './mapView';

interface AreaForm {
  areaName: string;
  crop: string;
  area: number | null;
}

export default function AreasTab({ park, point }: { park: Park; point: GroupPoint | null }) {
  const { t } = useTranslation();
  if (!point) return <Alert type="warning" showIcon title={t('pmap.noPoint')} />;
  return <AreasEditor park={park} point={point} />;
}

function AreasEditor({ park, point }: { park: Park; point: GroupPoint }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AreaForm>();
  const list = useQuery({ queryKey: ['areaPoints', point.pointId], queryFn: () => getAreaPoints(point.pointId) });
  const [editing, setEditing] = useState<AreaPoint | 'new' | null>(null);
  const [poly, dispatch] = useReducer(polygonReducer, [], emptyPolygon);
  const [selected, setSelected] = useState<number[]>([]);
  const view = parkCenter(park, point);
  const lbl = (k: string) => t(`pmap.area.${k}`);

  const start = (a: AreaPoint | 'new') => {
    setEditing(a);
    dispatch({ type: 'reset', ring: a === 'new' ? [] : a.boundary });
    form.setFieldsValue(a === 'new' ? { areaName: '', crop: '', area: null } : a);
  };
  const save = async () => {
    if (!editing) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!isSavable(poly.ring)) return void message.warning(t('pmap.notSavable'));
    try {
      await alterAreaPoint({
        areaPointId: editing === 'new' ? null : editing.areaPointId,
        pointId: point.pointId,
        areaName: values.areaName,
        crop: values.crop ?? '',
        area: values.area ?? (poly.ring.length >= 3 ? Number(ringHectares(poly.ring).toFixed(2)) : null),
        boundary: poly.ring,
      });
      message.success(t('pmap.saved'));
      setEditing(null);
      await list.refetch();
    } catch {
      // shown by the request client
    }
  };

  const polygons = useMemo(
    () => [
      { id: 'park', ring: point.boundary, color: PARK_COLOR },
      ...(list.data ?? [])
        .filter((a) => editing === null || editing === 'new' || a.areaPointId !== editing.areaPointId)
        .map((a) => ({ id: `a${a.areaPointId}`, ring: a.boundary, color: AREA_COLOR, label: a.areaName })),
      ...(editing ? [{ id: 'edit', ring: poly.ring, color: EDIT_COLOR, editable: true }] : []),
    ],
    [point.boundary, list.data, editing, poly.ring],
  );
  const fitTo = useMemo(() => (point.boundary.length ? point.boundary : undefined), [point.boundary]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" onClick={() => start('new')} data-testid="area-add">
          {lbl('add')}
        </Button>
        <Popconfirm
          title={lbl('removeConfirm').replace('{{count}}', String(selected.length))}
          disabled={selected.length === 0}
          onConfirm={async () => {
            await removeAreaPoints(selected).catch(() => undefined);
            setSelected([]);
            await list.refetch();
          }}
        >
          <Button danger disabled={selected.length === 0} data-testid="area-remove-selected">
            {t('pmap.area.removeSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      </Space>
      <MapCanvas
        testId="areas-map"
        height={340}
        center={view.center}
        zoom={view.zoom}
        fitTo={fitTo}
        polygons={polygons}
        markers={[]}
        onMapClick={(at) => editing && dispatch({ type: 'add', at })}
        onVertexMove={(_, index, at) => dispatch({ type: 'move', index, at })}
      />
      {editing && (
        <Form form={form} layout="vertical" data-testid="area-form">
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item
                name="areaName"
                label={lbl('areaName')}
                required
                rules={[contractRule(alterGroupAreaPointBody.shape.areaName, lbl('areaName'))]}
              >
                <Input data-testid="area-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="crop" label={lbl('crop')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="area" label={lbl('area')} extra={`≈ ${ringHectares(poly.ring).toFixed(2)}`}>
                <InputNumber style={{ width: '100%' }} min={0} />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap>
            <span>{lbl('drawHint')}</span>
            <Button onClick={() => dispatch({ type: 'undo' })} disabled={poly.history.length === 0}>
              {t('pmap.undo')}
            </Button>
            <Button onClick={() => dispatch({ type: 'clear' })}>{t('pmap.clear')}</Button>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={save} data-testid="area-save">
              {t('pmap.save')}
            </Button>
          </Space>
        </Form>
      )}
      <Table<AreaPoint>
        rowKey="areaPointId"
        size="small"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 520 }}
        locale={{ emptyText: lbl('empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={[
          { title: lbl('areaName'), dataIndex: 'areaName' },
          { title: lbl('crop'), dataIndex: 'crop' },
          { title: lbl('area'), dataIndex: 'area', render: (v: number | null) => v ?? '—' },
          {
            title: t('common.actions'),
            key: 'a',
            render: (_, a) => (
              <Button type="link" size="small" onClick={() => start(a)}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
        data-testid="area-table"
      />
    </Space>
  );
}
