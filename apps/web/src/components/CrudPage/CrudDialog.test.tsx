import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../api/request';
import '../../test/jsdomShims';
import i18n from '../../i18n';
// the field label is the park area's
import '../../pages/park/areaTexts';
import CrudDialog from './CrudDialog';

interface Row {
  id: number;
  groupName: string;
}

/** The server's answer to a duplicate name, as request.ts hands it to the dialog. */
const duplicate = () =>
  new RequestError('api', 'groupName: a park named "一号园" already exists', 1006, [
    { field: 'groupName', rule: 'duplicate', params: { value: '一号园' } },
  ]);

function renderDialog(create: () => Promise<unknown>) {
  return render(
    <App>
      <CrudDialog<Row, { groupName: string }>
        testId="d"
        title="New"
        target="new"
        onClose={() => {}}
        onSaved={() => {}}
        form={{
          fields: [{ name: 'groupName', label: i18n.t('park.groupName'), input: <Input data-testid="d-name" /> }],
          create,
        }}
      />
    </App>,
  );
}

describe('CrudDialog', () => {
  it.each([
    ['zh-CN', '园区名称“一号园”已存在'],
    ['en-US', 'Park name "一号园" already exists'],
  ])('shows a server field error under its field, phrased in %s', async (lang, text) => {
    await act(() => i18n.changeLanguage(lang));
    renderDialog(async () => {
      throw duplicate();
    });
    fireEvent.change(await screen.findByTestId('d-name'), { target: { value: '一号园' } });
    fireEvent.click(screen.getByTestId('d-save'));
    expect(await screen.findByText(text)).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });
});
