import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachConsole, type ConsoleSteps, mountLoginForm, unmountLoginForm } from './loginForm';

type Reply = { status?: number; body: unknown };
type Route = (init: RequestInit) => Reply;

const TOKEN = { access_token: 'a', refresh_token: 'r', tenant_id: '000000', user_id: '1', expires_in: 3600 };

/** The backend's answers by path; anything else answers code 200 with no data. */
function serve(routes: Record<string, Route>) {
  const calls: Array<{ path: string; url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0];
      calls.push({ path, url, init });
      const { status = 200, body } = (routes[path] ?? (() => ({ body: { code: 200, data: null } })))(init);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** The console's side, as its /login route attaches it. */
function consoleSteps() {
  return {
    proceed: vi.fn<ConsoleSteps['proceed']>(async () => undefined),
    setLanguage: vi.fn<ConsoleSteps['setLanguage']>(),
  };
}

const detachers: Array<() => void> = [];
afterEach(() => {
  for (const detach of detachers.splice(0)) detach();
  unmountLoginForm();
  vi.unstubAllGlobals();
});

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) =>
  fireEvent.input(field(placeholder), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));

describe('the boot login form', () => {
  it('prefills the platform tenant and asks for every empty field, sending nothing', async () => {
    const calls = serve({});
    mountLoginForm();
    expect(field('租户编号').value).toBe('000000');
    submit();
    expect(await screen.findByText('请输入用户名')).toBeVisible();
    expect(screen.getByText('请输入密码')).toBeVisible();
    type('用户名', 'admin');
    expect(screen.queryByText('请输入用户名')).toBeNull();
    type('租户编号', '');
    expect(screen.getByText('请输入租户编号')).toBeVisible();
    expect(calls.filter((c) => c.path.endsWith('/oauth/token'))).toHaveLength(0);
  });

  it('sends the md5 of the password with the client and tenant headers, and hands the token to the console', async () => {
    const calls = serve({ '/api/blade-auth/oauth/token': () => ({ body: TOKEN }) });
    mountLoginForm();
    const steps = consoleSteps();
    detachers.push(attachConsole(steps));
    type('用户名', 'admin');
    type('密码', 'admin');
    submit();
    await waitFor(() => expect(steps.proceed).toHaveBeenCalledWith(TOKEN, 'admin'));
    const sent = calls.find((c) => c.path === '/api/blade-auth/oauth/token');
    const body = new URLSearchParams(String(sent?.init.body));
    expect(body.get('password')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(body.get('grant_type')).toBe('password');
    const headers = new Headers(sent?.init.headers);
    expect(headers.get('Tenant-Id')).toBe('000000');
    expect(headers.get('Authorization')).toMatch(/^Basic /);
  });

  it('a token that comes back before the console has loaded waits for it', async () => {
    serve({ '/api/blade-auth/oauth/token': () => ({ body: TOKEN }) });
    mountLoginForm();
    type('用户名', 'admin');
    type('密码', 'admin');
    submit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const steps = consoleSteps();
    detachers.push(attachConsole(steps));
    await waitFor(() => expect(steps.proceed).toHaveBeenCalledWith(TOKEN, 'admin'));
  });

  it('shows the server error_description as a toast and keeps the form', async () => {
    serve({
      '/api/blade-auth/oauth/token': () => ({
        status: 400,
        body: { error_code: 400, error_description: '用户名或密码错误' },
      }),
    });
    mountLoginForm();
    const steps = consoleSteps();
    detachers.push(attachConsole(steps));
    type('用户名', 'nobody');
    type('密码', 'x');
    submit();
    await waitFor(() =>
      expect(document.querySelector('.ant-message-notice')).toHaveTextContent('用户名或密码错误'),
    );
    expect(steps.proceed).not.toHaveBeenCalled();
    expect(field('用户名').value).toBe('nobody');
  });

  it('captcha mode: the code is required, goes with its key, and 700 says 验证码已过期 and brings a new one', async () => {
    let captchas = 0;
    let tokenReply: Reply = { body: { code: 700, msg: 'expired' } };
    const calls = serve({
      '/api/blade-system/param/sys/config': () => ({ body: { code: 200, data: { captchaMode: true } } }),
      '/api/blade-auth/oauth/captcha': () => {
        captchas += 1;
        return { body: { key: `k${captchas}`, image: 'data:image/png;base64,AA==' } };
      },
      '/api/blade-auth/oauth/token': () => tokenReply,
    });
    mountLoginForm();
    const steps = consoleSteps();
    detachers.push(attachConsole(steps));
    await waitFor(() => expect(field('验证码')).toBeVisible());
    await waitFor(() => expect(captchas).toBe(1));
    type('用户名', 'admin');
    type('密码', 'admin');
    submit();
    expect(await screen.findByText('请输入验证码')).toBeVisible();
    type('验证码', 'abcd');
    submit();
    await waitFor(() =>
      expect(document.querySelector('.ant-message-notice')).toHaveTextContent('验证码已过期'),
    );
    await waitFor(() => expect(captchas).toBe(2));
    tokenReply = { body: TOKEN };
    submit();
    await waitFor(() => expect(steps.proceed).toHaveBeenCalled());
    const sent = calls.filter((c) => c.path === '/api/blade-auth/oauth/token').at(-1);
    const headers = new Headers(sent?.init.headers);
    expect(headers.get('Captcha-Key')).toBe('k2');
    expect(headers.get('Captcha-Code')).toBe('abcd');
    expect(new URLSearchParams(String(sent?.init.body)).get('grant_type')).toBe('captcha');
  });

  it("a domain's tenant hides the tenant field and signs in to it", async () => {
    const calls = serve({
      '/api/blade-system/tenant/info': () => ({ body: { code: 200, data: { tenantId: '123456' } } }),
      '/api/blade-auth/oauth/token': () => ({ body: TOKEN }),
    });
    mountLoginForm();
    detachers.push(attachConsole(consoleSteps()));
    await waitFor(() => expect(field('租户编号')).not.toBeVisible());
    type('用户名', 'admin');
    type('密码', 'admin');
    submit();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/blade-auth/oauth/token')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/blade-auth/oauth/token');
    expect(new Headers(sent?.init.headers).get('Tenant-Id')).toBe('123456');
    expect(new URLSearchParams(String(sent?.init.body)).get('tenantId')).toBe('123456');
  });

  it('switches the language: texts and title, the stored key, and the console', () => {
    serve({});
    mountLoginForm();
    const steps = consoleSteps();
    detachers.push(attachConsole(steps));
    expect(document.title).toBe('登录');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(field('Username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in');
    expect(localStorage.getItem('language')).toBe('en');
    expect(steps.setLanguage).toHaveBeenLastCalledWith('en');
  });
});
