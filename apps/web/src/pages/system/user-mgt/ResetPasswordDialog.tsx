import '../areaTexts';
import { resetUserPwdBody, type SysUser } from '@farmpark/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetSysUserPwd } from '../../../api/admin';
import { dialogProps } from '../../../utils/dialog';
import { contractRule, showServerFieldError } from '../../../utils/formRules';

/** An administrator sets a new password for a user; the user's sessions end (906). */
export default function ResetPasswordDialog({ user, onClose }: { user: SysUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ newPwd: string }>();
  const [saving, setSaving] = useState(false);
  const label = t('admin.user.newPwd');

  const submit = async () => {
    if (!user) return;
    let values: { newPwd: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await resetSysUserPwd(user.userId, values.newPwd, { silent: true });
      message.success(t('admin.user.resetDone'));
      onClose();
    } catch (err) {
      if (!showServerFieldError(form, err, { newPwd: label })) message.error((err as Error).message, 5);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      {...dialogProps({ width: 520 })}
      open={user !== null}
      title={t('admin.user.resetPwdTitle', { name: user?.loginName ?? '' })}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'reset-pwd-save' }}
    >
      <Alert type="warning" showIcon message={t('admin.user.resetPwdNote')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          name="newPwd"
          label={label}
          required
          rules={[contractRule(resetUserPwdBody.shape.newPwd, label)]}
          extra={t('admin.user.passwordRule')}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-pwd-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
