import './areaTexts';
import { UploadOutlined } from '@ant-design/icons';
import { addCategoryBody, type PestCategory, type PestKind } from '@farmpark/contracts';
import { App, Button, Image, Input, InputNumber, Select, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addCategory,
  alterCategory,
  categoryPictureUrl,
  getCategoryList,
  removeCategories,
  uploadCategoryPicture,
} from '../../api/pests';
import CrudPage from '../../components/CrudPage';

interface Values {
  kind: PestKind;
  code: string;
  name: string;
  latinName: string;
  dailyThreshold: number;
}

const F = addCategoryBody.shape;
const MAX_PICTURE_MB = 5;

/** The picture of one category: sent as its bytes, then the list reloads to show the new thumbnail. */
function PictureUpload({ row, onDone }: { row: PestCategory; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Upload
      accept="image/jpeg,image/png"
      showUploadList={false}
      beforeUpload={(file) => {
        if (!['image/jpeg', 'image/png'].includes(file.type)) {
          message.error(t('pests.pictureType'));
          return Upload.LIST_IGNORE;
        }
        if (file.size > MAX_PICTURE_MB * 1024 * 1024) {
          message.error(t('pests.pictureSize'));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadCategoryPicture(row.categoryId, file as Blob).then(
          (c) => {
            onSuccess?.(c);
            message.success(t('pests.pictureSaved'));
            onDone();
          },
          (err: Error) => onError?.(err),
        );
      }}
    >
      <Button type="link" size="small" icon={<UploadOutlined />} data-testid={`category-picture-${row.categoryId}`}>
        {t('pests.picture')}
      </Button>
    </Upload>
  );
}

/** Pest and spore categories: names the detector's codes, with picture and daily alert threshold. */
export default function Categories() {
  const { t } = useTranslation();
  const kinds = [
    { value: 'insect', label: t('pests.kindInsect') },
    { value: 'spore', label: t('pests.kindSpore') },
  ];
  return (
    <CrudPage<PestCategory, Values>
      testId="category"
      rowKey="categoryId"
      // The list is of one kind at a time; without a choice it shows the pests of this menu.
      fetchList={(p) => getCategoryList({ ...p, kind: p.kind ?? 'insect' })}
      remove={removeCategories}
      rowLabel={(c) => c.name}
      actionsWidth={220}
      keyword={t('pests.keyword')}
      search={[
        {
          name: 'kind',
          label: t('pests.kind'),
          input: <Select options={kinds} placeholder={t('pests.kindInsect')} allowClear />,
        },
      ]}
      columns={[
        {
          title: t('pests.picture'),
          key: 'picture',
          width: 88,
          render: (_, c) =>
            c.hasPicture ? (
              <Image
                src={categoryPictureUrl(c)}
                alt={c.name}
                width={56}
                height={56}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                data-testid={`category-thumb-${c.categoryId}`}
              />
            ) : (
              <span style={{ color: '#999' }}>{t('pests.none')}</span>
            ),
        },
        { title: t('pests.name'), dataIndex: 'name', width: 140 },
        { title: t('pests.latinName'), dataIndex: 'latinName', render: (v: string) => <i>{v || '—'}</i> },
        { title: t('pests.code'), dataIndex: 'code', width: 200 },
        { title: t('pests.dailyThreshold'), dataIndex: 'dailyThreshold', width: 140, render: (n: number) => n || '—' },
      ]}
      rowActions={(c, api) => <PictureUpload row={c} onDone={api.reload} />}
      exportCsv={{
        filename: 'categories.csv',
        columns: [
          { title: t('pests.name'), value: (c) => c.name },
          { title: t('pests.latinName'), value: (c) => c.latinName },
          { title: t('pests.code'), value: (c) => c.code },
          { title: t('pests.dailyThreshold'), value: (c) => c.dailyThreshold },
        ],
      }}
      form={{
        initialValues: { kind: 'insect', dailyThreshold: 0, latinName: '' },
        toValues: (c) => ({
          kind: c.kind,
          code: c.code,
          name: c.name,
          latinName: c.latinName,
          dailyThreshold: c.dailyThreshold,
        }),
        create: (v) => addCategory(v),
        update: (c, v) =>
          alterCategory({
            categoryId: c.categoryId,
            code: v.code,
            name: v.name,
            latinName: v.latinName ?? '',
            dailyThreshold: v.dailyThreshold ?? 0,
          }),
        fields: [
          {
            name: 'kind',
            label: t('pests.kind'),
            required: true,
            createOnly: true,
            schema: F.kind,
            input: <Select options={kinds} />,
          },
          { name: 'name', label: t('pests.name'), required: true, schema: F.name, input: <Input /> },
          { name: 'latinName', label: t('pests.latinName'), schema: F.latinName, input: <Input /> },
          {
            name: 'code',
            label: t('pests.code'),
            required: true,
            schema: F.code,
            input: <Input placeholder="helicoverpa_armigera" />,
            extra: t('pests.codeHelp'),
          },
          {
            name: 'dailyThreshold',
            label: t('pests.dailyThreshold'),
            schema: F.dailyThreshold,
            input: <InputNumber min={0} precision={0} style={{ width: '100%' }} />,
            extra: t('pests.thresholdHelp'),
          },
        ],
      }}
    />
  );
}
