import '../areaTexts';
import { IMPORT_COLUMNS, type ImportResult, type ImportRowResult } from '@farmpark/contracts';
import { Alert, App, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importDevices } from '../../../api/points';
import { csvCell, downloadText } from '../../../components/CrudPage/csv';

const TEMPLATE = `${IMPORT_COLUMNS.join(',')}\nDEV-0001,weatherStation,,气象站一号,1\n`;

/** CSV in, a per-row report out; the result file is the only place the new secrets appear. */
export default function ImportDialog({ open, onClose }: { open: boolean; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [running, setRunning] = useState(false);
  const lbl = (k: string) => t(`devmgt.importDialog.${k}`);
  const close = () => {
    const changed = (result?.created ?? 0) > 0;
    setFile(null);
    setResult(null);
    onClose(changed);
  };
  const run = async () => {
    if (!file) return;
    setRunning(true);
    try {
      setResult(await importDevices(file.text));
    } catch {
      // shown by the request client (e.g. a bad header line)
    } finally {
      setRunning(false);
    }
  };
  // Secrets are base64url and may start with "-": written raw, since the spreadsheet defusing of
  // toCsv would prefix a quote and turn them into a different, wrong secret.
  const download = () => {
    const head = ['line', 'serial', 'result', 'secret', 'reason'].join(',');
    const lines = (result?.rows ?? []).map((r) =>
      [
        csvCell(r.line),
        csvCell(r.serial),
        r.ok ? 'created' : 'refused',
        r.ok ? r.secret : '',
        csvCell(r.ok ? '' : r.reason),
      ].join(','),
    );
    downloadText('device-import-result.csv', `\uFEFF${[head, ...lines].join('\r\n')}\r\n`);
  };
  return (
    <Modal open={open} title={lbl('title')} width={840} onCancel={close} footer={null} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{lbl('help')}</Typography.Paragraph>
        <Space wrap>
          <Button onClick={() => downloadText('device-import-template.csv', TEMPLATE)}>{lbl('template')}</Button>
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              f.text()
                .then((text) => {
                  setFile({ name: f.name, text });
                  setResult(null);
                })
                .catch(() => message.error(f.name));
              return false;
            }}
          >
            <Button data-testid="import-pick">{lbl('pick')}</Button>
          </Upload>
          {file && <Typography.Text>{file.name}</Typography.Text>}
          <Button type="primary" disabled={!file} loading={running} onClick={run} data-testid="import-run">
            {lbl('run')}
          </Button>
        </Space>
        {result && (
          <>
            <Alert
              type={result.refused ? 'warning' : 'success'}
              showIcon
              title={t('devmgt.importDialog.result', { created: result.created, refused: result.refused })}
              data-testid="import-summary"
            />
            {result.created > 0 && (
              <Alert
                type="error"
                showIcon
                title={lbl('secretWarning')}
                action={
                  <Button danger onClick={download} data-testid="import-download">
                    {lbl('download')}
                  </Button>
                }
              />
            )}
            <Table<ImportRowResult>
              rowKey="line"
              size="small"
              dataSource={result.rows}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              scroll={{ x: 600 }}
              data-testid="import-rows"
              columns={[
                { title: lbl('line'), dataIndex: 'line', width: 60 },
                { title: t('devmgt.serial'), dataIndex: 'serial', width: 160 },
                {
                  title: lbl('outcome'),
                  key: 'o',
                  render: (_, r) =>
                    r.ok ? (
                      <Tag color="green">{lbl('created')}</Tag>
                    ) : (
                      <Space size={4}>
                        <Tag color="red">{lbl('refused')}</Tag>
                        <span>{r.reason}</span>
                      </Space>
                    ),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
