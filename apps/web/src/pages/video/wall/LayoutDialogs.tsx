import '../areaTexts';
import {
  saveWallTourBody,
  saveWallViewBody,
  type WallSplit,
  type WallTile,
  type WallTour,
  type WallView,
} from '@farmpark/contracts';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveWallTour, saveWallView } from '../../../api/video';
import { dialogProps, saveDialogProps } from '../../../utils/dialog';
import { useSchemaForm } from '../../../utils/useSchemaForm';

/** Names the wall as it is now (its split and tiles) and saves it as a new view. */
export function ViewDialog(props: {
  split: WallSplit;
  tiles: WallTile[];
  onClose: () => void;
  onSaved: (view: WallView) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const labels = { name: t('video.wall.viewName') };
  const { rule, submit, saving } = useSchemaForm(form, {
    schema: saveWallViewBody,
    toBody: (v) => ({ name: v.name ?? '', split: props.split, tiles: props.tiles }),
    labels,
  });
  const save = () =>
    submit(async (body) => {
      const view = await saveWallView(body);
      message.success(t('video.wall.viewSaved', { name: view.name }));
      props.onSaved(view);
    });
  return (
    <Modal
      {...dialogProps({ width: 420 })}
      {...saveDialogProps(t, { saving, onOk: () => void save(), onCancel: props.onClose, testId: 'wall-view-save' })}
      open
      title={t('video.wall.saveView')}
    >
      <Form form={form} layout="vertical" onFinish={() => void save()}>
        <Form.Item name="name" label={labels.name} required rules={[rule('name')]}>
          <Input maxLength={40} autoFocus data-testid="wall-view-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A new tour: a name, the saved views in the order they play, and how long each stays. */
export function TourDialog(props: { views: WallView[]; onClose: () => void; onSaved: (tour: WallTour) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; viewIds: number[]; viewSeconds: number | null }>();
  const labels = {
    name: t('video.wall.tourName'),
    viewIds: t('video.wall.tourViews'),
    viewSeconds: t('video.wall.viewSeconds'),
  };
  const { rule, submit, saving } = useSchemaForm(form, {
    schema: saveWallTourBody,
    toBody: (v) => ({ name: v.name ?? '', viewIds: v.viewIds ?? [], viewSeconds: v.viewSeconds ?? Number.NaN }),
    labels,
  });
  const save = () =>
    submit(async (body) => {
      const tour = await saveWallTour(body);
      message.success(t('video.wall.tourSaved', { name: tour.name }));
      props.onSaved(tour);
    });
  return (
    <Modal
      {...dialogProps({ width: 480 })}
      {...saveDialogProps(t, { saving, onOk: () => void save(), onCancel: props.onClose, testId: 'wall-tour-save' })}
      open
      title={t('video.wall.newTour')}
    >
      <Form form={form} layout="vertical" initialValues={{ viewSeconds: 30, viewIds: [] }}>
        <Form.Item name="name" label={labels.name} required rules={[rule('name')]}>
          <Input maxLength={40} data-testid="wall-tour-name" />
        </Form.Item>
        <Form.Item name="viewIds" label={labels.viewIds} required rules={[rule('viewIds')]}>
          <Select
            mode="multiple"
            options={props.views.map((v) => ({ value: v.id, label: v.name }))}
            data-testid="wall-tour-views"
          />
        </Form.Item>
        <Form.Item name="viewSeconds" label={labels.viewSeconds} required rules={[rule('viewSeconds')]}>
          {/* no min, max or precision: antd would change what was typed; the contract's rule says what is allowed */}
          <InputNumber style={{ width: '100%' }} data-testid="wall-tour-seconds" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
