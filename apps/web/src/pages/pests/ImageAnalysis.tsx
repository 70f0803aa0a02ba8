import './areaTexts';
import type { PestKind, TrapImageDetail } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, List, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoriesQuery } from '../../api/pestCategories';
import {
  addDetection,
  alterDetection,
  getImageDetail,
  getImageList,
  getTrapStatusList,
  imageUrl,
  removeDetection,
} from '../../api/pests';
import { useParkStore } from '../../stores/park';
import { formatTime, toPicker } from '../../utils/time';
import DeleteBoxButton from './DeleteBoxButton';
import PhotoBoxes, { colourOf } from './PhotoBoxes';

/** Photo timeline of a trap by day; boxes per category with counts; staff correct them. */
export default function ImageAnalysis({ kind }: { kind: PestKind }) {
  const { t } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  const client = useQueryClient();
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [date, setDate] = useState(() => toPicker(Date.now()));
  const [imageId, setImageId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [newCategory, setNewCategory] = useState<number | null>(null);

  const traps = useQuery({
    queryKey: ['pests', 'status', kind, groupId],
    queryFn: () => getTrapStatusList(groupId as number, kind),
    enabled: groupId !== null,
  });
  const cats = useQuery(categoriesQuery(kind));
  useEffect(() => {
    const first = traps.data?.[0];
    if (deviceId === null && first) {
      setDeviceId(first.deviceId);
      if (first.lastImage) setDate(toPicker(first.lastImage.takenAt));
    }
  }, [traps.data, deviceId]);
  const day = date.format('YYYY-MM-DD');
  const images = useQuery({
    queryKey: ['pests', 'images', deviceId, day],
    queryFn: () => getImageList(deviceId as number, day),
    enabled: deviceId !== null,
  });
  useEffect(() => {
    const list = images.data ?? [];
    if (!list.some((i) => i.imageId === imageId)) setImageId(list.length ? list[list.length - 1].imageId : null);
  }, [images.data, imageId]);
  const detail = useQuery({
    queryKey: ['pests', 'detail', imageId],
    queryFn: () => getImageDetail(imageId as number),
    enabled: imageId !== null,
  });
  const categories = cats.data ?? [];
  const nameOf = (id: number) => categories.find((c) => c.categoryId === id)?.name ?? String(id);

  /** A change to the boxes; a refusal was shown by the request client and ends here (never uncaught). */
  const apply = async (p: Promise<TrapImageDetail | unknown>): Promise<boolean> => {
    try {
      await p;
    } catch {
      return false;
    }
    // statistics, trend, timeline counts and the detail all come from the detections
    await client.invalidateQueries({ queryKey: ['pests'] });
    return true;
  };
  const d = detail.data;
  const sel = d?.detections.find((x) => x.detectionId === selected) ?? null;

  const counts = (c: Record<string, number>) =>
    Object.entries(c)
      .sort((a, b) => b[1] - a[1])
      .map(([id, n]) => (
        <Tag key={id} color={colourOf(Number(id), categories)} data-testid={`count-${id}`}>
          {nameOf(Number(id))} {n}
        </Tag>
      ));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <span>{t('pests.device')}</span>
          <Select
            style={{ minWidth: 200 }}
            value={deviceId ?? undefined}
            onChange={setDeviceId}
            options={(traps.data ?? []).map((x) => ({ value: x.deviceId, label: x.deviceName }))}
            data-testid="trap-select"
          />
          <span>{t('pests.date')}</span>
          <DatePicker value={date} onChange={(v) => v && setDate(v)} allowClear={false} />
          <Typography.Text type="secondary">
            {images.data?.length ?? 0} {t('pests.photos')}
          </Typography.Text>
        </Space>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={6}>
          <Card size="small" styles={{ body: { maxHeight: 640, overflowY: 'auto', padding: 8 } }}>
            {images.data?.length ? (
              <List
                dataSource={[...images.data].reverse()}
                renderItem={(i) => (
                  <List.Item
                    onClick={() => setImageId(i.imageId)}
                    style={{ cursor: 'pointer', background: i.imageId === imageId ? '#e6f4ff' : undefined, padding: 6 }}
                    data-testid={`thumb-${i.imageId}`}
                  >
                    <Space align="start">
                      <img src={imageUrl(i.imageId, true)} alt="" style={{ width: 96 }} loading="lazy" />
                      <div>
                        <div>{formatTime(i.takenAt, 'hm')}</div>
                        <div>
                          {t('pests.total')} {i.total}
                        </div>
                        {i.corrected && <Tag color="blue">{t('pests.corrected')}</Tag>}
                      </div>
                    </Space>
                  </List.Item>
                )}
              />
            ) : (
              <Empty description={t('pests.noPhotos')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={18}>
          {d ? (
            <Card
              size="small"
              title={`${formatTime(d.image.takenAt, 'minute')} · ${t('pests.total')} ${d.image.total}`}
              extra={d.image.corrected && <Tag color="blue">{t('pests.corrected')}</Tag>}
            >
              <Space wrap style={{ marginBottom: 8 }} data-testid="counts">
                {counts(d.image.counts)}
              </Space>
              <Space wrap style={{ marginBottom: 8 }}>
                <Select
                  style={{ minWidth: 180 }}
                  placeholder={t('pests.category')}
                  value={sel ? sel.categoryId : (newCategory ?? undefined)}
                  onChange={(v) =>
                    sel
                      ? void apply(alterDetection({ detectionId: sel.detectionId, categoryId: v }))
                      : setNewCategory(v)
                  }
                  options={categories.map((c) => ({ value: c.categoryId, label: c.name }))}
                  data-testid="category-select"
                />
                <Button
                  disabled={!newCategory && !categories.length}
                  onClick={() =>
                    void apply(
                      addDetection({
                        imageId: d.image.imageId,
                        categoryId: newCategory ?? categories[0].categoryId,
                        x: 0.45,
                        y: 0.45,
                        w: 0.08,
                        h: 0.1,
                      }),
                    )
                  }
                  data-testid="add-box"
                >
                  {t('pests.addBox')}
                </Button>
                <DeleteBoxButton
                  category={sel ? nameOf(sel.categoryId) : null}
                  onConfirm={() =>
                    sel && void apply(removeDetection([sel.detectionId])).then((done) => done && setSelected(null))
                  }
                />
                <Typography.Text type="secondary">{t('pests.hint')}</Typography.Text>
              </Space>
              <PhotoBoxes
                imageId={d.image.imageId}
                detections={d.detections}
                categories={categories}
                selected={selected}
                onSelect={setSelected}
                onChange={(id, box) => void apply(alterDetection({ detectionId: id, ...box }))}
                editable
              />
              {d.previous && (
                <Card
                  size="small"
                  type="inner"
                  title={`${t('pests.previous')} ${formatTime(d.previous.takenAt, 'short')}`}
                  style={{ marginTop: 12 }}
                >
                  <Space wrap style={{ marginBottom: 8 }}>
                    {t('pests.total')} {d.previous.total} ({d.image.total - d.previous.total >= 0 ? '+' : ''}
                    {d.image.total - d.previous.total}) {counts(d.previous.counts)}
                  </Space>
                  <div style={{ maxWidth: 480 }}>
                    <PhotoBoxes
                      imageId={d.previous.imageId}
                      detections={d.previous.detections}
                      categories={categories}
                      selected={null}
                      editable={false}
                    />
                  </div>
                </Card>
              )}
            </Card>
          ) : (
            <Card loading={detail.isLoading}>
              <Empty description={t('pests.noPhotos')} />
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}
