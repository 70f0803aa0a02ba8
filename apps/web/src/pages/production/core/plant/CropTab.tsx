import '../areaTexts';
import { addCropBody, type Crop, cropFields, updateCropBody } from '@farmpark/contracts';
import { Image, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addCrop,
  type CropInput,
  cropExportUrl,
  getCropList,
  removeCrop,
  updateCrop,
  uploadCropPicture,
} from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import { sameBodySaves } from '../../../../components/CrudPage/saves';
import PictureUpload from '../PictureUpload';

/** The merchant's crop catalogue (every park plants from it); a crop with plantings stays. */
export default function CropTab() {
  const { t } = useTranslation();
  const lbl = (k: string) => t(`production.crop.${k}`);
  const s = cropFields.shape;
  return (
    <CrudPage<Crop, CropInput>
      testId="crop"
      rowKey="id"
      fetchList={getCropList}
      remove={removeCrop}
      rowLabel={(c) => c.name}
      exportUrl={cropExportUrl}
      keyword={t('production.keyword')}
      actionsWidth={280}
      rowActions={(c, api) => (
        <PictureUpload
          upload={(file) => uploadCropPicture(c.id, file)}
          onDone={api.reload}
          testId={`crop-picture-${c.id}`}
        />
      )}
      columns={[
        {
          title: t('production.picture.image'),
          key: 'picture',
          width: 72,
          render: (_, c) =>
            c.pictureUrl ? (
              <Image
                src={c.pictureUrl}
                alt={c.name}
                width={48}
                height={48}
                style={{ objectFit: 'cover', borderRadius: 4 }}
              />
            ) : (
              '—'
            ),
        },
        { title: lbl('name'), dataIndex: 'name', width: 120 },
        { title: lbl('variety'), dataIndex: 'variety', width: 130 },
        { title: lbl('category'), dataIndex: 'category', width: 110 },
        { title: lbl('growingDays'), dataIndex: 'growingDays', width: 110 },
        { title: lbl('stageCount'), dataIndex: 'stageCount', width: 100 },
        { title: lbl('plantingCount'), dataIndex: 'plantingCount', width: 100 },
      ]}
      form={{
        toValues: (c) => ({ ...c }),
        ...sameBodySaves({
          add: addCropBody,
          alter: updateCropBody,
          toInput: clean,
          create: addCrop,
          update: updateCrop,
        }),
        fields: [
          { name: 'name', label: lbl('name'), required: true, schema: s.name, input: <Input /> },
          { name: 'variety', label: lbl('variety'), schema: s.variety, input: <Input /> },
          { name: 'category', label: lbl('category'), schema: s.category, input: <Input /> },
          {
            name: 'growingDays',
            label: lbl('growingDays'),
            required: true,
            schema: s.growingDays,
            input: <InputNumber min={1} precision={0} style={{ width: '100%' }} />,
          },
        ],
      }}
    />
  );
}

const clean = (v: CropInput): CropInput => ({ ...v, variety: v.variety ?? '', category: v.category ?? '' });
