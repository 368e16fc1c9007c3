import { type Dispatch, type SetStateAction, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import * as authApi from '#src/api/auth';
import { fetchDeptSelect, fetchRoleSelect } from '#src/api/system';
import type { TokenResponse } from '#src/api/types';
import { asToken, completeSignIn, type PasswordPrompt, passwordPrompt } from '#src/app/account';
import { lazyChunk } from '#src/app/registry';
import { DEFAULT_TENANT, useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import { attachConsole, domainTenant, mountLoginForm, unmountLoginForm } from '#src/boot/loginForm';

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

/** After the password is accepted, the steps of spec §4 that may stand before sign-in completes. */
type Step =
  | { kind: 'form' }
  | { kind: 'deptRole'; token: TokenResponse; password: string }
  | { kind: 'password'; token: TokenResponse; prompt: PasswordPrompt }
  | { kind: 'register'; token: TokenResponse };

type SetStep = Dispatch<SetStateAction<Step>>;

async function finish(setStep: SetStep, token: TokenResponse, password: string) {
  const prompt = passwordPrompt(token, password);
  if (prompt) setStep({ kind: 'password', token, prompt });
  else await completeSignIn(token);
}

/** Switch mode: a user with several departments or roles picks one first. */
async function proceed(setStep: SetStep, token: TokenResponse, password: string) {
  if (useSession.getState().config.switchMode) {
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
  await finish(setStep, token, password);
}

/**
 * The console's /login route. The form itself is the boot entry's plain-DOM form (boot/loginForm.ts), shown
 * before the console loaded or, after a logout, from here; it hands over the token, and the steps after it
 * (department/role choice, forced password change, a third-party user's registration) are these dialogs.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'form' });

  useEffect(() => {
    mountLoginForm();
    const detach = attachConsole({
      proceed: (token, password) => proceed(setStep, token, password),
      setLanguage: (language) => useSettings.getState().setLanguage(language),
    });
    return () => {
      detach();
      unmountLoginForm();
    };
  }, []);

  useSocialCallback(params, (token) => {
    const userId = Number(token.user_id);
    if (!token.user_id || Number.isNaN(userId) || userId < 0) setStep({ kind: 'register', token });
    else proceed(setStep, token, '').catch(() => undefined);
  });

  const backToForm = () => {
    setStep({ kind: 'form' });
    navigate('/login', { replace: true });
  };

  return (
    <Suspense fallback={null}>
      {step.kind === 'deptRole' && (
        <DeptRoleDialog
          userId={step.token.user_id}
          requestConfig={asToken(step.token)}
          initial={{ deptId: step.token.dept_id, roleId: step.token.role_id }}
          onOk={async (choice) => {
            const token = await authApi.refreshToken(step.token.refresh_token, step.token.tenant_id, choice);
            await finish(setStep, token, step.password);
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
          domainTenant={domainTenant()}
          onDone={() => {
            // Spec §4: after applying, the guest session ends and the login page returns.
            authApi.logout(asToken(step.token)).catch(() => undefined);
            backToForm();
          }}
        />
      )}
    </Suspense>
  );
}

/** A third-party provider redirected back with source, code and state: exchange them once. */
function useSocialCallback(params: URLSearchParams, onToken: (token: TokenResponse) => void) {
  const source = params.get('source');
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const [handled, setHandled] = useState(false);
  useEffect(() => {
    if (!source || !code || handled) return;
    setHandled(true);
    authApi
      .loginBySocial({ tenantId: domainTenant() || DEFAULT_TENANT, source, code, state })
      .then(onToken)
      .catch(() => undefined);
  }, [source, code, state, handled, onToken]);
}
