import '../../production/stock/areaTexts';
import '../areaTexts';
import { FARM_WORK_TYPES, type FarmWorkOptions, type Tree } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  List,
  Popconfirm,
  QRCode,
  Select,
  Space,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  addTreeCare,
  getTreeCare,
  getTreeDetail,
  removeTreeCare,
  removeTreePhoto,
  uploadTreePhoto,
} from '../../../api/tracing';
import { formatTime, parkNow } from '../../../utils/time';

interface CareForm {
  type: string;
  doneOn: Dayjs;
  notes?: string;
  materialId?: number;
  quantity?: number;
}

/** One tree: its tag's QR and public page, scans, photos and care records (farm work on the tree). */
export default function TreeDrawer(props: {
  tree: Tree;
  onClose: () => void;
  materials: FarmWorkOptions['materials'];
}) {
  const { tree, onClose, materials } = props;
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<CareForm>();
  const detail = useQuery({ queryKey: ['traceTree', 'detail', tree.id], queryFn: () => getTreeDetail(tree.id) });
  const care = useQuery({ queryKey: ['traceTree', 'care', tree.id], queryFn: () => getTreeCare(tree.id) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['traceTree'] });
  const d = detail.data ?? { ...tree, photos: [] };
  const lbl = (k: string) => t(`traceTree.${k}`);
  const workName = (type: string) => t(`productionStock.workType.${type}`);

  const saveCare = async (v: CareForm) => {
    await addTreeCare({
      treeId: tree.id,
      type: v.type,
      doneOn: v.doneOn.format('YYYY-MM-DD'),
      notes: v.notes ?? '',
      materials: v.materialId && v.quantity ? [{ materialId: v.materialId, quantity: v.quantity }] : [],
    });
    form.resetFields();
    await refresh();
  };

  return (
    <Drawer open onClose={onClose} size={560} title={`${tree.species} ${tree.code}`} data-testid="tree-drawer">
      <Space align="start" size="large" wrap>
        <QRCode value={d.publicUrl} size={140} data-testid="tree-qr" />
        <Descriptions column={1} size="small">
          <Descriptions.Item label={lbl('code')}>
            <code>{d.code}</code>
          </Descriptions.Item>
          <Descriptions.Item label={lbl('plot')}>{d.plotName}</Descriptions.Item>
          <Descriptions.Item label={lbl('scans')}>
            <span data-testid="tree-scans">{d.scanCount}</span>
          </Descriptions.Item>
          <Descriptions.Item label={lbl('firstScan')}>{formatTime(d.firstScanAt, 'minute')}</Descriptions.Item>
          <Descriptions.Item label={lbl('lastScan')}>{formatTime(d.lastScanAt, 'minute')}</Descriptions.Item>
          <Descriptions.Item label={lbl('publicPage')}>
            <a href={d.publicUrl} target="_blank" rel="noreferrer">
              {lbl('openPublic')}
            </a>
          </Descriptions.Item>
        </Descriptions>
      </Space>

      <h4>{lbl('photos')}</h4>
      <Space wrap>
        {d.photos.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={lbl('noPhotos')} />}
        {d.photos.map((p) => (
          <Space key={p.id} direction="vertical" size={2}>
            <Image src={p.url} width={96} height={96} style={{ objectFit: 'cover' }} />
            <Button
              size="small"
              type="link"
              danger
              onClick={async () => {
                await removeTreePhoto(p.id);
                await refresh();
              }}
            >
              {lbl('removePhoto')}
            </Button>
          </Space>
        ))}
      </Space>
      <div style={{ margin: '8px 0 16px' }}>
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          beforeUpload={async (file) => {
            await uploadTreePhoto(tree.id, file);
            await refresh();
            return false;
          }}
        >
          <Button data-testid="tree-upload">{lbl('uploadPhoto')}</Button>
        </Upload>
        <span style={{ marginLeft: 8, color: '#888' }}>{lbl('photoHelp')}</span>
      </div>

      <h4>{lbl('care')}</h4>
      <Form<CareForm>
        form={form}
        layout="inline"
        initialValues={{ type: 'pruning', doneOn: parkNow() }}
        onFinish={saveCare}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="type" rules={[{ required: true }]}>
          <Select
            aria-label={lbl('careType')}
            style={{ width: 110 }}
            options={FARM_WORK_TYPES.map((v) => ({ value: v, label: workName(v) }))}
          />
        </Form.Item>
        <Form.Item name="doneOn" rules={[{ required: true }]}>
          <DatePicker aria-label={lbl('careDay')} allowClear={false} />
        </Form.Item>
        <Form.Item name="materialId">
          <Select
            allowClear
            placeholder={lbl('careMaterials')}
            style={{ width: 150 }}
            options={materials.map((m) => ({ value: m.id, label: `${m.name} (${m.stock} ${m.unit})` }))}
          />
        </Form.Item>
        <Form.Item name="quantity">
          <InputNumber min={0} placeholder={lbl('quantity')} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="notes">
          <Input placeholder={lbl('careNotes')} maxLength={1000} style={{ width: 180 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="tree-add-care">
          {lbl('addCare')}
        </Button>
      </Form>
      <List
        size="small"
        loading={care.isLoading}
        locale={{ emptyText: lbl('noCare') }}
        dataSource={care.data ?? []}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Popconfirm
                key="rm"
                title={lbl('removeCareConfirm')}
                onConfirm={async () => {
                  await removeTreeCare(tree.id, c.farmWorkId);
                  await refresh();
                }}
              >
                <Button size="small" type="link" danger>
                  {lbl('removeCare')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={`${c.day} · ${workName(c.type)}`}
              description={[...c.materials.map((m) => `${m.name} ${m.quantity} ${m.unit}`), c.notes]
                .filter(Boolean)
                .join('；')}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
