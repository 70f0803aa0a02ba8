import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Popconfirm,
  Result,
  Row,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withParkZone } from '../../utils/time';
import { ExportButtons } from '../ExportButton';
import FilterFold from '../table/FilterFold';
import { useTableLayout } from '../table/tableLayout';
import CrudDialog from './CrudDialog';
import { downloadText, toCsv } from './csv';
import type { CrudPageProps, SearchField } from './types';

export type { CrudApi, CrudForm, CrudPageProps, FormField, SearchField } from './types';

type Params = Record<string, string | number | boolean | undefined>;
const EXPORT_PAGE = 500;

/** The search as export URL parameters: a switch's true/false is for the list (its toParams says what to send). */
const exportFilters = (filters: Params) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && typeof v !== 'boolean')) as Record<
    string,
    string | number | undefined
  >;

/**
 * The shared CRUD building block (ARCHITECTURE: an entity is declared once — columns, form
 * schema, api — and gets list, search, create, edit, delete, batch delete and export).
 * The table pages on the server (`pageNum/pageSize -> {list,total}`).
 */
export default function CrudPage<R extends object, V = Record<string, unknown>>(props: CrudPageProps<R, V>) {
  const { testId, rowKey, fetchList, form: formSpec, remove, rowLabel, locked, exportUrl } = props;
  const search = withKeyword(props.keyword, props.search);
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm();
  const [filters, setFilters] = useState<Params>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: props.pageSize ?? 20 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [target, setTarget] = useState<R | 'new' | null>(null);
  const [exporting, setExporting] = useState(false);

  const queryKey = ['crud', testId, filters, page];
  const query = useQuery({ queryKey, queryFn: () => fetchList({ ...filters, ...page }) });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['crud', testId] });
  };
  const api = { reload };

  const applySearch = (values: Record<string, unknown>) => {
    const next: Params = {};
    for (const f of search ?? []) {
      const v = values[f.name];
      if (f.toParams) Object.assign(next, f.toParams(v));
      else if (v !== undefined && v !== null && v !== '') next[f.name] = v as string | number | boolean;
    }
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSelected([]);
  };

  const removeIds = async (ids: number[]) => {
    if (!remove) return;
    try {
      await remove(ids);
      message.success(t('crud.removed'));
      setSelected((s) => s.filter((k) => !ids.includes(Number(k))));
      reload();
    } catch {
      // the request client has shown why
    }
  };

  const exportRows = async () => {
    const spec = props.exportCsv;
    if (!spec) return;
    if ('url' in spec) {
      window.location.assign(withParkZone(spec.url(filters as Record<string, string | number | undefined>)));
      return;
    }
    setExporting(true);
    try {
      const rows: R[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const res = await fetchList({ ...filters, pageNum, pageSize: EXPORT_PAGE });
        rows.push(...res.list);
        if (res.list.length < EXPORT_PAGE || rows.length >= res.total) break;
      }
      downloadText(spec.filename, toCsv(spec.columns, rows));
    } catch {
      // shown by the request client
    } finally {
      setExporting(false);
    }
  };

  const columns = ((): TableColumnsType<R> => {
    const canEdit = Boolean(formSpec?.update);
    if (!canEdit && !remove && !props.rowActions) return props.columns;
    return [
      ...props.columns,
      {
        title: t('common.actions'),
        key: '__actions',
        fixed: 'right',
        width: props.actionsWidth ?? 200,
        render: (_: unknown, row: R) => {
          const id = Number(row[rowKey]);
          const isLocked = locked?.(row) ?? false;
          return (
            <Space size={0} wrap>
              {canEdit && !isLocked && (
                <Button type="link" size="small" onClick={() => setTarget(row)} data-testid={`${testId}-edit-${id}`}>
                  {t('common.edit')}
                </Button>
              )}
              {props.rowActions?.(row, api)}
              {remove && !isLocked && (
                <Popconfirm
                  title={t('crud.removeConfirm', { name: rowLabel?.(row) ?? id })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => removeIds([id])}
                >
                  <Button type="link" size="small" danger data-testid={`${testId}-remove-${id}`}>
                    {t('common.remove')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          );
        },
      },
    ];
  })();

  const layout = useTableLayout(columns, { selectable: Boolean(remove) });
  const data = query.data;
  const error = query.isError ? (query.error as Error).message : null;

  return (
    <Card title={props.title} data-testid={`${testId}-page`}>
      {search && search.length > 0 && (
        <FilterFold phone={layout.phone} active={Object.keys(filters).length} testId={testId}>
          {(close) => (
            <Form
              form={searchForm}
              layout="vertical"
              onFinish={(v) => {
                applySearch(v);
                close();
              }}
              data-testid={`${testId}-search`}
            >
              <Row gutter={12} align="bottom">
                {search.map((f) => (
                  <Col key={f.name} xs={24} sm={12} lg={6}>
                    <Form.Item name={f.name} label={f.label}>
                      {f.input}
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item label={layout.phone ? undefined : ' '} colon={false}>
                    <Space>
                      <Button type="primary" htmlType="submit" data-testid={`${testId}-search-submit`}>
                        {t('crud.search')}
                      </Button>
                      <Button
                        onClick={() => {
                          searchForm.resetFields();
                          applySearch({});
                          close();
                        }}
                      >
                        {t('crud.reset')}
                      </Button>
                    </Space>
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          )}
        </FilterFold>
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        {formSpec?.create && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setTarget('new')}
            data-testid={`${testId}-create`}
          >
            {t('common.create')}
          </Button>
        )}
        {remove && (
          <Popconfirm
            title={t('crud.removeSelectedConfirm', { count: selected.length })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            disabled={selected.length === 0}
            onConfirm={() => removeIds(selected.map(Number))}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              data-testid={`${testId}-batch-remove`}
            >
              {t('crud.removeSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        )}
        {props.exportCsv && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportRows} data-testid={`${testId}-export`}>
            {t('crud.export')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('common.refresh')} />
        {typeof props.toolbar === 'function' ? props.toolbar(selected.map(Number)) : props.toolbar}
        {exportUrl && <ExportButtons testId={testId} url={(format) => exportUrl(exportFilters(filters), format)} />}
      </Space>
      {error ? (
        <Result
          status="warning"
          title={t('crud.loadFailed')}
          subTitle={error}
          extra={
            <Button onClick={() => query.refetch()} data-testid={`${testId}-retry`}>
              {t('crud.retry')}
            </Button>
          }
          data-testid={`${testId}-error`}
        />
      ) : (
        <Table<R>
          rowKey={rowKey}
          size="middle"
          loading={query.isFetching}
          columns={layout.columns}
          dataSource={data?.list ?? []}
          scroll={layout.scroll}
          rowSelection={
            remove
              ? {
                  selectedRowKeys: selected,
                  onChange: setSelected,
                  getCheckboxProps: (r) => ({ disabled: locked?.(r) ?? false }),
                }
              : undefined
          }
          locale={{ emptyText: t('common.empty') }}
          pagination={layout.pager({
            current: page.pageNum,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          })}
          data-testid={`${testId}-table`}
        />
      )}
      {formSpec && (
        <CrudDialog<R, V>
          testId={testId}
          form={formSpec}
          target={target}
          title={target === 'new' ? t('crud.createTitle') : t('crud.editTitle')}
          onClose={() => setTarget(null)}
          onSaved={() => {
            setTarget(null);
            reload();
          }}
        />
      )}
    </Card>
  );
}

/** The keyword box first, then the page's own search inputs. */
function withKeyword(keyword: CrudPageProps<object, unknown>['keyword'], search: SearchField[] = []): SearchField[] {
  if (keyword === undefined) return search;
  const { label, placeholder } = typeof keyword === 'string' ? { label: keyword, placeholder: undefined } : keyword;
  return [{ name: 'keyword', label, input: <Input allowClear placeholder={placeholder} /> }, ...search];
}
