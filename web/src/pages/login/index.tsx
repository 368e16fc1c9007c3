import { LockOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import * as authApi from '#src/api/auth';
import { CAPTCHA_EXPIRED, httpEvents } from '#src/api/http';
import { fetchDeptSelect, fetchRoleSelect } from '#src/api/system';
import type { TokenResponse } from '#src/api/types';
import { asToken, completeSignIn, type PasswordPrompt, passwordPrompt } from '#src/app/account';
import { DEFAULT_TENANT, useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import './login.css';
import { lazyChunk } from '#src/app/registry';

// The extra steps are rare; their dialogs load only when needed to keep the login page light.
const DeptRoleDialog = lazyChunk(() =>
  import('#src/components/DeptRoleDialog').then((m) => ({ default: m.DeptRoleDialog })),
);
const ForcedPasswordDialog = lazyChunk(() =>
  import('./ForcedPasswordDialog').then((m) => ({ default: m.ForcedPasswordDialog })),
);
const RegisterDialog = lazyChunk(() =>
  import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })),
);

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

/** After the password is accepted, the steps of spec §4 that may stand before sign-in completes. */
type Step =
  | { kind: 'form' }
  | { kind: 'deptRole'; token: TokenResponse; password: string }
  | { kind: 'password'; token: TokenResponse; prompt: PasswordPrompt }
  | { kind: 'register'; token: TokenResponse };

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const { captchaMode, switchMode } = useSession((s) => s.config);
  const domainTenant = useDomainTenant();
  const captcha = useCaptcha(captchaMode);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (domainTenant) form.setFieldValue('tenantId', domainTenant);
  }, [domainTenant, form]);

  const finish = async (token: TokenResponse, password: string) => {
    const prompt = passwordPrompt(token, password);
    if (prompt) setStep({ kind: 'password', token, prompt });
    else await completeSignIn(token);
  };

  /** Switch mode: a user with several departments or roles picks one first. */
  const proceed = async (token: TokenResponse, password: string) => {
    if (switchMode) {
      // Without the lists there is nothing to pick from: sign in with the token's own dept and role.
      const [depts, roles] = await Promise.all([
        fetchDeptSelect(token.user_id, asToken(token)).catch(() => []),
        fetchRoleSelect(token.user_id, asToken(token)).catch(() => []),
      ]);
      if (depts.length > 1 || roles.length > 1) {
        setStep({ kind: 'deptRole', token, password });
        return;
      }
    }
    await finish(token, password);
  };

  const submit = async ({ tenantId, username, password, code }: LoginForm) => {
    setBusy(true);
    try {
      const token = await authApi.loginByPassword({
        tenantId: domainTenant || tenantId,
        username,
        password,
        captcha: captchaMode && captcha.key ? { key: captcha.key, code: code ?? '' } : undefined,
      });
      await proceed(token, password);
    } catch {
      // The HTTP layer showed error_description; a used captcha is void either way.
      if (captchaMode) captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  useSocialCallback(params, domainTenant, (token) => {
    const userId = Number(token.user_id);
    if (!token.user_id || Number.isNaN(userId) || userId < 0) setStep({ kind: 'register', token });
    else proceed(token, '').catch(() => undefined);
  });

  const backToForm = () => {
    setStep({ kind: 'form' });
    navigate('/login', { replace: true });
  };

  return (
    <div className="pd-login">
      <section className="pd-login-brand">
        <div className="pd-login-logo">P</div>
        <h1>{t('app.name')}</h1>
        <p>{t('login.slogan')}</p>
        <ul>
          <li>{t('login.featureOps')}</li>
          <li>{t('login.featureAlarm')}</li>
          <li>{t('login.featureTenant')}</li>
        </ul>
      </section>
      <section className="pd-login-panel">
        <div className="pd-login-lang">
          <LanguageToggle />
        </div>
        <div className="pd-login-card">
          <h2>{t('login.welcome')}</h2>
          <p className="pd-login-sub">{t('login.subtitle')}</p>
          <Form
            form={form}
            size="large"
            onFinish={submit}
            initialValues={{ tenantId: DEFAULT_TENANT }}
            autoComplete="on"
          >
            <Form.Item
              name="tenantId"
              hidden={Boolean(domainTenant)}
              rules={[{ required: true, message: t('login.tenantRequired') }]}
            >
              <Input
                prefix={<TeamOutlined />}
                placeholder={t('login.tenantId')}
                aria-label={t('login.tenantId')}
              />
            </Form.Item>
            <Form.Item name="username" rules={[{ required: true, message: t('login.usernameRequired') }]}>
              <Input
                prefix={<UserOutlined />}
                placeholder={t('login.username')}
                aria-label={t('login.username')}
                autoComplete="username"
              />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                aria-label={t('login.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            {captchaMode && (
              <Form.Item>
                <div className="pd-captcha">
                  <Form.Item
                    name="code"
                    noStyle
                    rules={[{ required: true, message: t('login.codeRequired') }]}
                  >
                    <Input
                      prefix={<SafetyCertificateOutlined />}
                      placeholder={t('login.code')}
                      aria-label={t('login.code')}
                    />
                  </Form.Item>
                  <button
                    type="button"
                    className="pd-captcha-img"
                    onClick={captcha.refresh}
                    title={t('login.refreshCode')}
                  >
                    {captcha.image && <img src={captcha.image} alt={t('login.code')} />}
                  </button>
                </div>
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.submit')}
            </Button>
          </Form>
        </div>
        <footer className="pd-login-footer">{t('login.footer')}</footer>
      </section>

      <Suspense fallback={null}>
        {step.kind === 'deptRole' && (
          <DeptRoleDialog
            userId={step.token.user_id}
            requestConfig={asToken(step.token)}
            initial={{ deptId: step.token.dept_id, roleId: step.token.role_id }}
            onOk={async (choice) => {
              const token = await authApi.refreshToken(
                step.token.refresh_token,
                step.token.tenant_id,
                choice,
              );
              await finish(token, step.password);
            }}
            onCancel={backToForm}
          />
        )}
        {step.kind === 'password' && (
          <ForcedPasswordDialog
            token={step.token}
            prompt={step.prompt}
            onChanged={() => completeSignIn(step.token)}
            onCancel={backToForm}
          />
        )}
        {step.kind === 'register' && (
          <RegisterDialog
            token={step.token}
            domainTenant={domainTenant}
            onDone={() => {
              // Spec §4: after applying, the guest session ends and the login page returns.
              authApi.logout(asToken(step.token)).catch(() => undefined);
              backToForm();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

/** zh ⇄ en; the choice is saved under the `language` key (spec §9). */
function LanguageToggle() {
  const { language, setLanguage } = useSettings();
  return (
    <Button type="text" onClick={() => setLanguage(language === 'zh' ? 'en' : 'zh')}>
      {language === 'zh' ? 'English' : '中文'}
    </Button>
  );
}

/** The tenant owning this site's domain (prefills and hides the tenant field). */
function useDomainTenant() {
  const [tenantId, setTenantId] = useState('');
  useEffect(() => {
    authApi
      .fetchTenantByDomain(window.location.origin)
      .then(setTenantId)
      .catch(() => undefined);
  }, []);
  return tenantId;
}

/** The captcha image, refreshed on demand, on failure and when the server says it expired (700). */
function useCaptcha(enabled: boolean) {
  const [captcha, setCaptcha] = useState({ key: '', image: '' });
  const refresh = useCallback(() => {
    authApi
      .fetchCaptcha()
      .then(setCaptcha)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    refresh();
    httpEvents.addEventListener(CAPTCHA_EXPIRED, refresh);
    return () => httpEvents.removeEventListener(CAPTCHA_EXPIRED, refresh);
  }, [enabled, refresh]);
  return { ...captcha, refresh };
}

/** A third-party provider redirected back with source, code and state: exchange them once. */
function useSocialCallback(
  params: URLSearchParams,
  tenantId: string,
  onToken: (token: TokenResponse) => void,
) {
  const source = params.get('source');
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const [handled, setHandled] = useState(false);
  useEffect(() => {
    if (!source || !code || handled) return;
    setHandled(true);
    authApi
      .loginBySocial({ tenantId: tenantId || DEFAULT_TENANT, source, code, state })
      .then(onToken)
      .catch(() => undefined);
  }, [source, code, state, tenantId, handled, onToken]);
}
