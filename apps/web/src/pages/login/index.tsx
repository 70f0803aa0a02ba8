import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { loginByPassword } from '../../api/auth';
import LanguageSwitch from '../../layout/LanguageSwitch';
import defaultLogo from '../../layout/logo.svg';
import { afterLoginPath } from '../../router/guardDecision';
import { useSessionStore } from '../../stores/session';
import { getCompany, getCompanyBrand, setCompany } from '../../utils/auth';
import styles from './login.module.css';

interface Values {
  loginName: string;
  loginPwd: string;
}

/** The company of `?company=` is remembered (SPEC §9) and brands this page and the sidebar. */
function useCompany(): string | null {
  const [params] = useSearchParams();
  const fromUrl = params.get('company')?.trim() || null;
  useEffect(() => {
    if (fromUrl) setCompany(fromUrl);
  }, [fromUrl]);
  return fromUrl ?? getCompany();
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const company = useCompany();
  const brand = company ? getCompanyBrand() : null;
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      const token = await loginByPassword({ loginName: values.loginName, loginPwd: values.loginPwd });
      useSessionStore.getState().signIn(token);
      navigate(afterLoginPath(params.get('redirect')), { replace: true });
    } catch {
      // The request client has shown the server's message (wrong password, rate limit...).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.lang}>
        <LanguageSwitch />
      </div>
      <Card className={styles.card}>
        <div className={styles.brand} data-testid="login-brand">
          <img src={brand?.logo || defaultLogo} alt="" />
          <div>
            <div className={styles.brandTitle}>{brand?.abbreviation || t('login.title')}</div>
            <div className={styles.brandSub}>{company ? t('login.company', { company }) : t('login.subtitle')}</div>
          </div>
        </div>
        <Form<Values> layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
          <Form.Item
            name="loginName"
            label={t('login.loginName')}
            rules={[{ required: true, whitespace: true, message: t('login.loginNameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.loginNamePlaceholder')}
              autoComplete="username"
              data-testid="login-name"
            />
          </Form.Item>
          <Form.Item
            name="loginPwd"
            label={t('login.loginPwd')}
            rules={[{ required: true, message: t('login.loginPwdRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.loginPwdPlaceholder')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
