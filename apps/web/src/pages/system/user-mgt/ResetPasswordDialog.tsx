import '../areaTexts';
import { resetUserPwdBody, type SysUser } from '@farmpark/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetSysUserPwd } from '../../../api/admin';
import { dialogProps, saveDialogProps } from '../../../utils/dialog';
import { contractRule, showServerFieldError } from '../../../utils/formRules';
import { useFormSave } from '../../../utils/formSave';

/** An administrator sets a new password for a user; the user's sessions end (906). */
export default function ResetPasswordDialog({ user, onClose }: { user: SysUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ newPwd: string }>();
  const { saving, save: saveForm } = useFormSave(form);
  const label = t('admin.user.newPwd');

  const submit = async () => {
    if (!user) return;
    await saveForm(
      async (values) => {
        await resetSysUserPwd(user.userId, values.newPwd, { silent: true });
        message.success(t('admin.user.resetDone'));
        onClose();
      },
      (err) => showServerFieldError(form, err, { newPwd: label }),
    );
  };

  return (
    <Modal
      {...dialogProps({ width: 520 })}
      {...saveDialogProps(t, { saving, onOk: submit, onCancel: onClose, testId: 'reset-pwd-save' })}
      open={user !== null}
      title={t('admin.user.resetPwdTitle', { name: user?.loginName ?? '' })}
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
